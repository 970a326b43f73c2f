#!/usr/bin/perl
# A real OAI-PMH client for the tests: Debian's HTTP::OAI harvester (libhttp-oai-perl) against
# our provider. Prints one JSON document on stdout; exits non-zero on any protocol or HTTP error.
#
#   oai-harvest.pl BASE_URL identify
#   oai-harvest.pl BASE_URL formats [IDENTIFIER]
#   oai-harvest.pl BASE_URL sets
#   oai-harvest.pl BASE_URL records PREFIX [from=... set=... until=...]
#
# `records` lets the harvester follow resumption tokens itself (resume => 1, its default) and
# collects each record through onRecord; oai_dc records are read with HTTP::OAI's own OAI_DC
# metadata handler, so the title is what an HTTP::OAI user would see.
use strict;
use warnings;
use HTTP::OAI;
use HTTP::OAI::Metadata::OAI_DC;
use JSON::PP;

my ($base, $cmd, @rest) = @ARGV;
die "usage: $0 BASE_URL identify|formats|sets|records ...\n" unless $base && $cmd;
my $h = HTTP::OAI::Harvester->new(baseURL => $base);
my $json = JSON::PP->new->canonical->utf8;

sub check {
  my ($r) = @_;
  die sprintf("HTTP error %s %s\n", $r->code, $r->message) if $r->is_error;
  my @errors = $r->errors;
  die join("\n", map { $_->code . ': ' . $_->message } @errors) . "\n" if @errors;
  return $r;
}

my $out;
if ($cmd eq 'identify') {
  my $r = check($h->Identify);
  $out = {
    repositoryName => $r->repositoryName, baseURL => $r->baseURL, protocolVersion => $r->protocolVersion,
    adminEmail => [$r->adminEmail], earliestDatestamp => $r->earliestDatestamp,
    deletedRecord => $r->deletedRecord, granularity => $r->granularity,
  };
} elsif ($cmd eq 'formats') {
  my $r = check($h->ListMetadataFormats(@rest ? (identifier => $rest[0]) : ()));
  my @f;
  while (my $mdf = $r->next) {
    push @f, { prefix => $mdf->metadataPrefix, schema => $mdf->schema, namespace => $mdf->metadataNamespace };
  }
  $out = { formats => \@f };
} elsif ($cmd eq 'sets') {
  my $r = check($h->ListSets);
  my @s;
  while (my $set = $r->next) { push @s, { spec => $set->setSpec, name => $set->setName }; }
  $out = { sets => \@s };
} elsif ($cmd eq 'records') {
  my $prefix = shift @rest;
  my %args = map { split /=/, $_, 2 } @rest;
  my @records;
  my $r = $h->ListRecords(
    metadataPrefix => $prefix, %args,
    ($prefix eq 'oai_dc' ? (handlers => { metadata => 'HTTP::OAI::Metadata::OAI_DC' }) : ()),
    onRecord => sub {
      my $rec = shift;
      my %item = (
        identifier => $rec->identifier, datestamp => $rec->datestamp,
        deleted => ($rec->is_deleted ? JSON::PP::true : JSON::PP::false), sets => [$rec->header->setSpec],
      );
      if (!$rec->is_deleted && $prefix eq 'oai_dc' && $rec->metadata) {
        $item{title} = $rec->metadata->dc->{title}[0];
      }
      push @records, \%item;
    },
  );
  # noRecordsMatch is an answer, not a failure, for an incremental harvest
  my @errors = $r->errors;
  if (@errors == 1 && $errors[0]->code eq 'noRecordsMatch') { $out = { records => [] }; }
  else { check($r); $out = { records => \@records }; }
} else {
  die "unknown command $cmd\n";
}
print $json->encode($out), "\n";
