<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19139 full → the ISO AP "brief" element set (identifier, type, title, dates, graphic
  overview, bounding box), kept schema-valid: the properties ISO 19139 makes mandatory (contact,
  abstract, language) stay, the first two as gco:nilReason="withheld" when the full record has
  them — the value exists but is not part of this element set.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  xmlns:gco="http://www.isotc211.org/2005/gco"
  exclude-result-prefixes="#all">

  <xsl:output method="xml" indent="no" omit-xml-declaration="yes" encoding="UTF-8"/>

  <xsl:template match="/">
    <xsl:apply-templates select="gmd:MD_Metadata"/>
  </xsl:template>

  <xsl:template match="gmd:MD_Metadata">
    <gmd:MD_Metadata>
      <xsl:copy-of select="namespace::*[name() != 'xml']"/>
      <xsl:copy-of copy-namespaces="no" select="gmd:fileIdentifier, gmd:hierarchyLevel"/>
      <xsl:apply-templates select="gmd:contact[1]" mode="withheld"/>
      <xsl:copy-of copy-namespaces="no" select="gmd:dateStamp"/>
      <xsl:for-each select="gmd:identificationInfo">
        <gmd:identificationInfo><xsl:apply-templates select="*"/></gmd:identificationInfo>
      </xsl:for-each>
    </gmd:MD_Metadata>
  </xsl:template>

  <xsl:template match="gmd:identificationInfo/*">
    <xsl:copy copy-namespaces="no">
      <xsl:copy-of select="@*"/>
      <gmd:citation>
        <gmd:CI_Citation><xsl:copy-of copy-namespaces="no" select="gmd:citation/gmd:CI_Citation/(gmd:title, gmd:date)"/></gmd:CI_Citation>
      </gmd:citation>
      <xsl:apply-templates select="gmd:abstract" mode="withheld"/>
      <xsl:copy-of copy-namespaces="no" select="gmd:graphicOverview, gmd:language"/>
      <xsl:for-each select="gmd:extent/gmd:EX_Extent[gmd:geographicElement/gmd:EX_GeographicBoundingBox]">
        <gmd:extent>
          <gmd:EX_Extent><xsl:copy-of copy-namespaces="no" select="gmd:geographicElement[gmd:EX_GeographicBoundingBox]"/></gmd:EX_Extent>
        </gmd:extent>
      </xsl:for-each>
    </xsl:copy>
  </xsl:template>

  <!-- a mandatory property outside the element set: nil, keeping "missing" when it was missing -->
  <xsl:template match="*" mode="withheld">
    <xsl:copy copy-namespaces="no">
      <xsl:attribute name="gco:nilReason" select="if (@gco:nilReason) then @gco:nilReason else 'withheld'"/>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
