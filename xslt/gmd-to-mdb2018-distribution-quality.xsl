<?xml version="1.0" encoding="UTF-8"?>
<!-- distributionInfo, data-quality reports and lineage → mrd:MD_Distribution,
     mdq:DQ_DataQuality (ISO 19157) and mdb:resourceLineage.
     A module of gmd-to-mdb2018.xsl. -->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  xmlns:ogco="http://www.isotc211.org/2005/gco"
  xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"
  xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"
  xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0"
  xmlns:mrd="http://standards.iso.org/iso/19115/-3/mrd/1.0"
  xmlns:mrl="http://standards.iso.org/iso/19115/-3/mrl/2.0"
  xmlns:mdq="http://standards.iso.org/iso/19157/-2/mdq/1.0"
  xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"
  exclude-result-prefixes="#all">

  <xsl:variable name="dq-19157-only" as="xs:string*"
    select="('DQ_UsabilityElement', 'DQ_Confidence', 'DQ_Representativity', 'DQ_Homogeneity', 'DQ_NonQuantitativeAttributeCorrectness')"/>


  <xsl:template match="gmd:MD_Distribution">
    <mdb:distributionInfo>
      <mrd:MD_Distribution>
        <xsl:for-each select="gmd:distributionFormat/gmd:MD_Format">
          <mrd:distributionFormat>
            <mrd:MD_Format>
              <mrd:formatSpecificationCitation>
                <cit:CI_Citation>
                  <cit:title><xsl:apply-templates select="gmd:name" mode="prop"/></cit:title>
                  <!-- the format's version is the specification's edition in 19115-3 -->
                  <xsl:for-each select="gmd:version[*]"><cit:edition><xsl:apply-templates select="." mode="prop"/></cit:edition></xsl:for-each>
                </cit:CI_Citation>
              </mrd:formatSpecificationCitation>
            </mrd:MD_Format>
          </mrd:distributionFormat>
        </xsl:for-each>
        <xsl:for-each select="gmd:distributor/gmd:MD_Distributor">
          <mrd:distributor>
            <mrd:MD_Distributor>
              <mrd:distributorContact><xsl:apply-templates select="gmd:distributorContact" mode="party"/></mrd:distributorContact>
            </mrd:MD_Distributor>
          </mrd:distributor>
        </xsl:for-each>
        <xsl:for-each select="gmd:transferOptions/gmd:MD_DigitalTransferOptions">
          <mrd:transferOptions>
            <mrd:MD_DigitalTransferOptions>
              <xsl:for-each select="gmd:onLine/gmd:CI_OnlineResource">
                <mrd:onLine><xsl:apply-templates select="."/></mrd:onLine>
              </xsl:for-each>
            </mrd:MD_DigitalTransferOptions>
          </mrd:transferOptions>
        </xsl:for-each>
      </mrd:MD_Distribution>
    </mdb:distributionInfo>
  </xsl:template>

  <xsl:template match="gmd:CI_OnlineResource">
    <cit:CI_OnlineResource>
      <cit:linkage><gco:CharacterString><xsl:value-of select="gmd:linkage/gmd:URL"/></gco:CharacterString></cit:linkage>
      <xsl:for-each select="gmd:protocol"><cit:protocol><xsl:apply-templates select="." mode="prop"/></cit:protocol></xsl:for-each>
      <xsl:for-each select="gmd:applicationProfile"><cit:applicationProfile><xsl:apply-templates select="." mode="prop"/></cit:applicationProfile></xsl:for-each>
      <xsl:for-each select="gmd:name"><cit:name><xsl:apply-templates select="." mode="prop"/></cit:name></xsl:for-each>
      <xsl:for-each select="gmd:description"><cit:description><xsl:apply-templates select="." mode="prop"/></cit:description></xsl:for-each>
      <xsl:for-each select="gmd:function"><cit:function><xsl:apply-templates select="." mode="prop"/></cit:function></xsl:for-each>
    </cit:CI_OnlineResource>
  </xsl:template>

  <xsl:template match="gmd:DQ_DataQuality">
    <mdb:dataQualityInfo>
      <mdq:DQ_DataQuality>
        <mdq:scope><mcc:MD_Scope><mcc:level><xsl:apply-templates select="gmd:scope/gmd:DQ_Scope/gmd:level" mode="prop"/></mcc:level></mcc:MD_Scope></mdq:scope>
        <xsl:apply-templates select="gmd:report/*"/>
      </mdq:DQ_DataQuality>
    </mdb:dataQualityInfo>
  </xsl:template>

  <xsl:template match="gmd:report/*">
    <xsl:variable name="measure" select="string(gmd:nameOfMeasure[1])"/>
    <xsl:variable name="restored" select="local-name() = 'DQ_DomainConsistency' and $measure = $dq-19157-only"/>
    <xsl:variable name="name" select="if ($restored) then $measure
      else if (local-name() = 'DQ_NonQuantitativeAttributeAccuracy') then 'DQ_NonQuantitativeAttributeCorrectness'
      else local-name()"/>
    <mdq:report>
      <xsl:element name="mdq:{$name}">
        <xsl:if test="gmd:nameOfMeasure and not($restored)">
          <mdq:measure><mdq:DQ_MeasureReference>
            <xsl:for-each select="gmd:nameOfMeasure"><mdq:nameOfMeasure><xsl:apply-templates select="." mode="prop"/></mdq:nameOfMeasure></xsl:for-each>
          </mdq:DQ_MeasureReference></mdq:measure>
        </xsl:if>
        <xsl:for-each select="gmd:evaluationMethodType">
          <mdq:evaluationMethod><mdq:DQ_EvaluationMethod>
            <mdq:evaluationMethodType><xsl:apply-templates select="." mode="prop"/></mdq:evaluationMethodType>
          </mdq:DQ_EvaluationMethod></mdq:evaluationMethod>
        </xsl:for-each>
        <xsl:for-each select="gmd:result/gmd:DQ_ConformanceResult">
          <mdq:result>
            <mdq:DQ_ConformanceResult>
              <xsl:choose>
                <!-- a conformity report names the specification it was tested against (issue 19 §4) -->
                <xsl:when test="gmd:specification/gmd:CI_Citation">
                  <mdq:specification><xsl:apply-templates select="gmd:specification/gmd:CI_Citation"/></mdq:specification>
                </xsl:when>
                <xsl:otherwise><mdq:specification gco:nilReason="missing"/></xsl:otherwise>
              </xsl:choose>
              <xsl:for-each select="gmd:explanation[gco:CharacterString or ogco:CharacterString]">
                <mdq:explanation><xsl:apply-templates select="." mode="prop"/></mdq:explanation>
              </xsl:for-each>
              <mdq:pass><xsl:apply-templates select="gmd:pass" mode="prop"/></mdq:pass>
            </mdq:DQ_ConformanceResult>
          </mdq:result>
        </xsl:for-each>
      </xsl:element>
    </mdq:report>
  </xsl:template>

  <xsl:template match="gmd:LI_Lineage">
    <mdb:resourceLineage>
      <mrl:LI_Lineage>
        <xsl:for-each select="gmd:statement"><mrl:statement><xsl:apply-templates select="." mode="prop"/></mrl:statement></xsl:for-each>
        <mrl:scope><mcc:MD_Scope><mcc:level><xsl:apply-templates select="../../gmd:scope/gmd:DQ_Scope/gmd:level" mode="prop"/></mcc:level></mcc:MD_Scope></mrl:scope>
        <xsl:for-each select="gmd:source/gmd:LI_Source">
          <mrl:source><mrl:LI_Source><mrl:description><xsl:apply-templates select="gmd:description" mode="prop"/></mrl:description></mrl:LI_Source></mrl:source>
        </xsl:for-each>
        <!-- 19115-3 moves process steps after the sources -->
        <xsl:for-each select="gmd:processStep/gmd:LI_ProcessStep">
          <mrl:processStep><mrl:LI_ProcessStep><mrl:description><xsl:apply-templates select="gmd:description" mode="prop"/></mrl:description></mrl:LI_ProcessStep></mrl:processStep>
        </xsl:for-each>
      </mrl:LI_Lineage>
    </mdb:resourceLineage>
  </xsl:template>

</xsl:stylesheet>
