<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19139 full → the ISO AP "summary" element set: still a schema-valid gmd:MD_Metadata,
  without what a result list does not need (purpose, status, maintenance, constraints,
  aggregation, data-quality reports). Kept branches are copied whole with copy-of, which
  SaxonJS does several times faster than walking them with templates.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  exclude-result-prefixes="#all">

  <xsl:output method="xml" indent="no" omit-xml-declaration="yes" encoding="UTF-8"/>

  <xsl:template match="/">
    <xsl:apply-templates select="gmd:MD_Metadata"/>
  </xsl:template>

  <xsl:template match="gmd:MD_Metadata">
    <gmd:MD_Metadata>
      <xsl:copy-of select="namespace::*[name() != 'xml']"/>
      <xsl:copy-of copy-namespaces="no" select="gmd:fileIdentifier, gmd:language, gmd:characterSet, gmd:hierarchyLevel,
        gmd:hierarchyLevelName, gmd:contact, gmd:dateStamp, gmd:metadataStandardName, gmd:metadataStandardVersion,
        gmd:referenceSystemInfo"/>
      <xsl:for-each select="gmd:identificationInfo">
        <gmd:identificationInfo><xsl:apply-templates select="*"/></gmd:identificationInfo>
      </xsl:for-each>
      <xsl:copy-of copy-namespaces="no" select="gmd:distributionInfo"/>
      <xsl:for-each select="gmd:dataQualityInfo/gmd:DQ_DataQuality[gmd:lineage]">
        <gmd:dataQualityInfo>
          <gmd:DQ_DataQuality><xsl:copy-of copy-namespaces="no" select="gmd:scope, gmd:lineage"/></gmd:DQ_DataQuality>
        </gmd:dataQualityInfo>
      </xsl:for-each>
    </gmd:MD_Metadata>
  </xsl:template>

  <xsl:template match="gmd:identificationInfo/*">
    <xsl:copy copy-namespaces="no">
      <xsl:copy-of select="@*"/>
      <xsl:copy-of copy-namespaces="no" select="* except (gmd:purpose, gmd:status, gmd:resourceMaintenance,
        gmd:resourceConstraints, gmd:aggregationInfo)"/>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
