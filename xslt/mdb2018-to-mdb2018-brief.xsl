<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19115-3 (2018 set) full → brief element set, the counterpart of gmd-to-gmd-brief.xsl:
  identifier, scope, date, title, graphic overview, bounding box (and the service type a
  service identification requires). The mandatory contact and abstract stay as
  gco:nilReason="withheld" when the full record has them.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"
  xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0"
  xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"
  xmlns:gex="http://standards.iso.org/iso/19115/-3/gex/1.0"
  xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0"
  xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"
  exclude-result-prefixes="#all">

  <xsl:output method="xml" indent="no" omit-xml-declaration="yes" encoding="UTF-8"/>

  <xsl:template match="/">
    <xsl:apply-templates select="mdb:MD_Metadata"/>
  </xsl:template>

  <xsl:template match="mdb:MD_Metadata">
    <mdb:MD_Metadata>
      <xsl:copy-of select="namespace::*[name() != 'xml']"/>
      <xsl:copy-of copy-namespaces="no" select="mdb:metadataIdentifier, mdb:metadataScope"/>
      <xsl:apply-templates select="mdb:contact[1]" mode="withheld"/>
      <xsl:copy-of copy-namespaces="no" select="mdb:dateInfo"/>
      <xsl:for-each select="mdb:identificationInfo">
        <mdb:identificationInfo><xsl:apply-templates select="*"/></mdb:identificationInfo>
      </xsl:for-each>
    </mdb:MD_Metadata>
  </xsl:template>

  <xsl:template match="mdb:identificationInfo/*">
    <xsl:copy copy-namespaces="no">
      <xsl:copy-of select="@*"/>
      <mri:citation>
        <cit:CI_Citation><xsl:copy-of copy-namespaces="no" select="mri:citation/cit:CI_Citation/(cit:title, cit:date)"/></cit:CI_Citation>
      </mri:citation>
      <xsl:apply-templates select="mri:abstract" mode="withheld"/>
      <xsl:for-each select="mri:extent/gex:EX_Extent[gex:geographicElement/gex:EX_GeographicBoundingBox]">
        <mri:extent>
          <gex:EX_Extent><xsl:copy-of copy-namespaces="no" select="gex:geographicElement[gex:EX_GeographicBoundingBox]"/></gex:EX_Extent>
        </mri:extent>
      </xsl:for-each>
      <xsl:copy-of copy-namespaces="no" select="mri:graphicOverview, mri:defaultLocale, srv:serviceType"/>
    </xsl:copy>
  </xsl:template>

  <xsl:template match="*" mode="withheld">
    <xsl:copy copy-namespaces="no">
      <xsl:attribute name="gco:nilReason" select="if (@gco:nilReason) then @gco:nilReason else 'withheld'"/>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
