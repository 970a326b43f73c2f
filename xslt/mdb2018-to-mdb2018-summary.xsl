<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19115-3 (2018 set) full → summary element set, the counterpart of gmd-to-gmd-summary.xsl:
  without purpose, status, maintenance, constraints, associated resources and data-quality
  reports; lineage and distribution stay. Kept branches are copied whole.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"
  xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0"
  exclude-result-prefixes="#all">

  <xsl:output method="xml" indent="no" omit-xml-declaration="yes" encoding="UTF-8"/>

  <xsl:template match="/">
    <xsl:apply-templates select="mdb:MD_Metadata"/>
  </xsl:template>

  <xsl:template match="mdb:MD_Metadata">
    <mdb:MD_Metadata>
      <xsl:copy-of select="namespace::*[name() != 'xml']"/>
      <xsl:copy-of copy-namespaces="no" select="mdb:metadataIdentifier, mdb:defaultLocale, mdb:metadataScope, mdb:contact,
        mdb:dateInfo, mdb:metadataStandard, mdb:referenceSystemInfo"/>
      <xsl:for-each select="mdb:identificationInfo">
        <mdb:identificationInfo><xsl:apply-templates select="*"/></mdb:identificationInfo>
      </xsl:for-each>
      <xsl:copy-of copy-namespaces="no" select="mdb:distributionInfo, mdb:resourceLineage"/>
    </mdb:MD_Metadata>
  </xsl:template>

  <xsl:template match="mdb:identificationInfo/*">
    <xsl:copy copy-namespaces="no">
      <xsl:copy-of select="@*"/>
      <xsl:copy-of copy-namespaces="no" select="* except (mri:purpose, mri:status, mri:resourceMaintenance,
        mri:resourceConstraints, mri:associatedResource)"/>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
