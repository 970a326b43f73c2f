<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19139 → the three Dublin Core records of CSW 2.0.2 in one pass: csw:Record as the principal
  result, csw:SummaryRecord and csw:BriefRecord as the result documents "dc-summary" and
  "dc-brief". One transform instead of three: the shared elements are computed once, and each
  SaxonJS transform has a fixed cost of its own (about a fifth of the DC work saved).
  Element order: csw:SummaryRecord and csw:BriefRecord have a fixed sequence in record.xsd
  (identifier, title, type, subject, format, relation, modified, abstract, spatial, BoundingBox);
  csw:Record allows DC elements in any order, then ows:BoundingBox.

  - dc:type: the DC type kept from an import (hierarchyLevelName), else the ISO scope code
    ("dataset", "series", "service", …) as pycsw writes it; "dataset" when neither is present,
    the ISO 19115 default scope.
  - dct:modified is the metadata date stamp (what CSW clients sort and harvest by); the resource
    dates are dct:created, dct:issued and, for the revision, dc:date.
  - dc:creator / dc:publisher / dc:contributor come from the contact roles (originator, author,
    principalInvestigator / publisher, distributor, resourceProvider / every other role).
  - Stored documents (issue 19) are read as written: values in gco:CharacterString or gmx:Anchor,
    the root gmd:MD_Metadata or gmi:MI_Metadata (2005 and 19115-2 1.0 namespaces).
  - ows:BoundingBox uses urn:ogc:def:crs:EPSG::4326, so its corners are latitude longitude:
    LowerCorner "south west", UpperCorner "north east". A box crossing the antimeridian keeps
    west > east, as ISO does.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  xmlns:gco="http://www.isotc211.org/2005/gco"
  xmlns:gmx="http://www.isotc211.org/2005/gmx"
  xmlns:srv="http://www.isotc211.org/2005/srv"
  xmlns:gmi="http://www.isotc211.org/2005/gmi"
  xmlns:gmi2="http://standards.iso.org/iso/19115/-2/gmi/1.0"
  xmlns:gml="http://www.opengis.net/gml"
  xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:dct="http://purl.org/dc/terms/"
  xmlns:ows="http://www.opengis.net/ows"
  exclude-result-prefixes="#all">

  <xsl:output method="xml" indent="no" omit-xml-declaration="yes" encoding="UTF-8"/>

  <!-- a service record's topic categories, space-separated: 19139's SV_ServiceIdentification has none (gmd-service.ts) -->
  <xsl:param name="service-topics" as="xs:string" select="''"/>

  <xsl:variable name="TOPIC_SCHEME" select="'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml#MD_TopicCategoryCode'"/>
  <xsl:variable name="CREATOR_ROLES" select="('originator', 'author', 'principalInvestigator')"/>
  <xsl:variable name="PUBLISHER_ROLES" select="('publisher', 'distributor', 'resourceProvider')"/>

  <xsl:template match="/">
    <!-- the catalogue's own gmd render, or a stored document: ISO 19139 or ISO 19115-2 (gmi, both namespaces) -->
    <xsl:for-each select="gmd:MD_Metadata | gmi:MI_Metadata | gmi2:MI_Metadata">
      <xsl:variable name="head" as="element()*"><xsl:call-template name="dc-head"/></xsl:variable>
      <xsl:variable name="summary" as="element()*"><xsl:call-template name="dc-summary-body"/></xsl:variable>
      <xsl:variable name="bbox" as="element()*"><xsl:call-template name="dc-bbox"/></xsl:variable>
      <csw:Record>
        <xsl:call-template name="dc-namespaces"/>
        <xsl:sequence select="$head, $summary"/>
        <xsl:call-template name="dc-full-extras"/>
        <xsl:sequence select="$bbox"/>
      </csw:Record>
      <xsl:result-document href="dc-summary">
        <csw:SummaryRecord>
          <xsl:call-template name="dc-namespaces"/>
          <xsl:sequence select="$head, $summary, $bbox"/>
        </csw:SummaryRecord>
      </xsl:result-document>
      <xsl:result-document href="dc-brief">
        <csw:BriefRecord>
          <xsl:call-template name="dc-namespaces"/>
          <xsl:sequence select="$head, $bbox"/>
        </csw:BriefRecord>
      </xsl:result-document>
    </xsl:for-each>
  </xsl:template>

  <!-- the namespaces of every DC render, declared once on its root element -->
  <xsl:template name="dc-namespaces">
    <xsl:namespace name="dc" select="'http://purl.org/dc/elements/1.1/'"/>
    <xsl:namespace name="dct" select="'http://purl.org/dc/terms/'"/>
    <xsl:namespace name="ows" select="'http://www.opengis.net/ows'"/>
  </xsl:template>

  <xsl:template name="dc-head">
    <xsl:variable name="id" select="gmd:identificationInfo/*[1]"/>
    <dc:identifier><xsl:value-of select="gmd:fileIdentifier/(gco:CharacterString|gmx:Anchor)"/></dc:identifier>
    <dc:title><xsl:value-of select="$id/gmd:citation/gmd:CI_Citation/gmd:title/(gco:CharacterString|gmx:Anchor)"/></dc:title>
    <dc:type>
      <xsl:value-of select="(gmd:hierarchyLevelName/(gco:CharacterString|gmx:Anchor), gmd:hierarchyLevel/*/@codeListValue, 'dataset')[normalize-space()][1]"/>
    </dc:type>
  </xsl:template>

  <!-- subject, format, relation, modified, abstract, spatial: the summary elements after the head -->
  <xsl:template name="dc-summary-body">
    <xsl:variable name="id" select="gmd:identificationInfo/*[1]"/>
    <xsl:for-each select="$id/gmd:descriptiveKeywords/gmd:MD_Keywords/gmd:keyword/(gco:CharacterString|gmx:Anchor)">
      <dc:subject><xsl:value-of select="."/></dc:subject>
    </xsl:for-each>
    <xsl:for-each select="$id/gmd:topicCategory/gmd:MD_TopicCategoryCode">
      <dc:subject scheme="{$TOPIC_SCHEME}"><xsl:value-of select="."/></dc:subject>
    </xsl:for-each>
    <xsl:for-each select="tokenize($service-topics)">
      <dc:subject scheme="{$TOPIC_SCHEME}"><xsl:value-of select="."/></dc:subject>
    </xsl:for-each>
    <xsl:for-each select="gmd:distributionInfo/gmd:MD_Distribution/gmd:distributionFormat/gmd:MD_Format/gmd:name/(gco:CharacterString|gmx:Anchor)">
      <dc:format><xsl:value-of select="."/></dc:format>
    </xsl:for-each>
    <xsl:for-each select="$id/gmd:aggregationInfo/gmd:MD_AggregateInformation/gmd:aggregateDataSetIdentifier/*/gmd:code/(gco:CharacterString|gmx:Anchor)">
      <dc:relation><xsl:value-of select="."/></dc:relation>
    </xsl:for-each>
    <dct:modified><xsl:value-of select="gmd:dateStamp/*"/></dct:modified>
    <xsl:for-each select="$id/gmd:abstract/(gco:CharacterString|gmx:Anchor)">
      <dct:abstract><xsl:value-of select="."/></dct:abstract>
    </xsl:for-each>
    <xsl:for-each select="$id/(gmd:extent|srv:extent)/gmd:EX_Extent/gmd:geographicElement/gmd:EX_GeographicDescription/gmd:geographicIdentifier/*/gmd:code/(gco:CharacterString|gmx:Anchor)">
      <dct:spatial><xsl:value-of select="."/></dct:spatial>
    </xsl:for-each>
  </xsl:template>

  <!-- the csw:Record elements beyond the summary set -->
  <xsl:template name="dc-full-extras">
    <xsl:variable name="id" select="gmd:identificationInfo/*[1]"/>
    <!-- the resource's parties: points of contact and the citation's cited parties (issue 19 §4) -->
    <xsl:variable name="parties" select="$id/(gmd:pointOfContact|gmd:citation/gmd:CI_Citation/gmd:citedResponsibleParty)/gmd:CI_ResponsibleParty"/>
    <xsl:for-each select="distinct-values($parties[gmd:role/*/@codeListValue = $CREATOR_ROLES]/(gmd:organisationName, gmd:individualName)[1]/(gco:CharacterString|gmx:Anchor))">
      <dc:creator><xsl:value-of select="."/></dc:creator>
    </xsl:for-each>
    <xsl:for-each select="distinct-values($parties[gmd:role/*/@codeListValue = $PUBLISHER_ROLES]/(gmd:organisationName, gmd:individualName)[1]/(gco:CharacterString|gmx:Anchor))">
      <dc:publisher><xsl:value-of select="."/></dc:publisher>
    </xsl:for-each>
    <xsl:for-each select="distinct-values($parties[not(gmd:role/*/@codeListValue = ($CREATOR_ROLES, $PUBLISHER_ROLES))]/(gmd:organisationName, gmd:individualName)[1]/(gco:CharacterString|gmx:Anchor))">
      <dc:contributor><xsl:value-of select="."/></dc:contributor>
    </xsl:for-each>
    <!-- a service identification has no language in ISO 19139: the metadata's stands for it -->
    <xsl:for-each select="if ($id/gmd:language) then $id/gmd:language/gmd:LanguageCode else gmd:language/gmd:LanguageCode">
      <dc:language><xsl:value-of select="@codeListValue"/></dc:language>
    </xsl:for-each>
    <xsl:for-each select="$id/gmd:resourceConstraints/*/gmd:useLimitation/(gco:CharacterString|gmx:Anchor)">
      <dc:rights><xsl:value-of select="."/></dc:rights>
    </xsl:for-each>
    <xsl:for-each select="$id/gmd:resourceConstraints/gmd:MD_LegalConstraints/gmd:otherConstraints/(gco:CharacterString|gmx:Anchor)">
      <dct:license><xsl:value-of select="."/></dct:license>
    </xsl:for-each>
    <xsl:for-each select="$id/gmd:resourceConstraints/gmd:MD_SecurityConstraints/gmd:classification/*/@codeListValue">
      <dct:accessRights><xsl:value-of select="."/></dct:accessRights>
    </xsl:for-each>
    <xsl:for-each select="gmd:dataQualityInfo/gmd:DQ_DataQuality/gmd:lineage/gmd:LI_Lineage/gmd:source/gmd:LI_Source/gmd:description/(gco:CharacterString|gmx:Anchor)">
      <dc:source><xsl:value-of select="."/></dc:source>
    </xsl:for-each>
    <xsl:for-each select="$id/gmd:citation/gmd:CI_Citation/gmd:date/gmd:CI_Date">
      <xsl:variable name="type" select="string(gmd:dateType/*/@codeListValue)"/>
      <xsl:variable name="value" select="string(gmd:date/*)"/>
      <xsl:choose>
        <xsl:when test="$type = 'creation'"><dct:created><xsl:value-of select="$value"/></dct:created></xsl:when>
        <xsl:when test="$type = 'publication'"><dct:issued><xsl:value-of select="$value"/></dct:issued></xsl:when>
        <xsl:otherwise><dc:date><xsl:value-of select="$value"/></dc:date></xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
    <xsl:for-each select="$id/(gmd:extent|srv:extent)/gmd:EX_Extent/gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/gml:TimePeriod">
      <!-- ISO 8601 interval; an open or unknown end is ".." -->
      <dct:temporal><xsl:value-of select="(normalize-space(gml:beginPosition)[.], '..')[1] || '/' || (normalize-space(gml:endPosition)[.], '..')[1]"/></dct:temporal>
    </xsl:for-each>
    <xsl:for-each select="gmd:distributionInfo/gmd:MD_Distribution/gmd:transferOptions/gmd:MD_DigitalTransferOptions/gmd:onLine/gmd:CI_OnlineResource">
      <dct:references>
        <!-- scheme is an xs:anyURI: a protocol written with spaces ("ESRI REST: Map Service") cannot be one -->
        <xsl:for-each select="gmd:protocol/(gco:CharacterString|gmx:Anchor)[matches(., '^\S+$')]"><xsl:attribute name="scheme" select="."/></xsl:for-each>
        <xsl:value-of select="gmd:linkage/gmd:URL"/>
      </dct:references>
    </xsl:for-each>
  </xsl:template>

  <xsl:template name="dc-bbox">
    <xsl:for-each select="gmd:identificationInfo/*[1]/(gmd:extent|srv:extent)/gmd:EX_Extent/gmd:geographicElement/gmd:EX_GeographicBoundingBox">
      <ows:BoundingBox crs="urn:ogc:def:crs:EPSG::4326" dimensions="2">
        <ows:LowerCorner><xsl:value-of select="gmd:southBoundLatitude/gco:Decimal || ' ' || gmd:westBoundLongitude/gco:Decimal"/></ows:LowerCorner>
        <ows:UpperCorner><xsl:value-of select="gmd:northBoundLatitude/gco:Decimal || ' ' || gmd:eastBoundLongitude/gco:Decimal"/></ows:UpperCorner>
      </ows:BoundingBox>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
