<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19139 (gmd:MD_Metadata as written by libs/render/gmd-builder.ts) → ISO 19115-3 with the
  2018 namespace set: mdb/2.0 with cit, mac, mds, mdt, mrc, mrl, msr at 2.0, the other modules
  and gco at 1.0, srv 2.0, gml 3.2. The 2016 form is this output with the root's namespace
  declarations moved to the 2016 set (libs/render/mdb2016.ts), and the brief/summary sets come
  from it through mdb2018-to-mdb2018-*.xsl. The mapping is split into the included modules.

  Mapping notes (ISO 19115-1 moved several things):
  - dateStamp becomes a metadata dateInfo of type "revision"; language and character set become
    the metadata defaultLocale (and the data identification's defaultLocale);
  - hierarchyLevel/hierarchyLevelName become metadataScope/resourceScope and its name;
  - a record whose hierarchy level is "service" is written as srv:SV_ServiceIdentification with
    the record's serviceType, passed as the parameter $service-type because ISO 19139's
    MD_DataIdentification has no place for it (19115-3 requires one: without it the type is
    derived from the protocol of the first online resource);
  - lineage leaves the data-quality section for mdb:resourceLineage; a DQ_DataQuality is only
    written when there are reports (19157 requires at least one);
  - a 19139 DQ_DomainConsistency that carries a 19157-only element name as its nameOfMeasure
    (see gmd-values.ts) gets that element back.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  xmlns:ogco="http://www.isotc211.org/2005/gco"
  xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"
  xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"
  xmlns:lan="http://standards.iso.org/iso/19115/-3/lan/1.0"
  xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0"
  xmlns:mrs="http://standards.iso.org/iso/19115/-3/mrs/1.0"
  xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"
  exclude-result-prefixes="#all">

  <xsl:include href="gmd-to-mdb2018-identification.xsl"/>
  <xsl:include href="gmd-to-mdb2018-distribution-quality.xsl"/>
  <xsl:include href="gmd-to-mdb2018-properties.xsl"/>

  <xsl:output method="xml" indent="no" omit-xml-declaration="yes" encoding="UTF-8"/>

  <!-- MetadataDoc.serviceType of the record (the renderer passes it; empty when unset) -->
  <xsl:param name="service-type" as="xs:string" select="''"/>
  <!-- what ISO 19139's SV_ServiceIdentification cannot hold, for a service record (gmd-service.ts):
       topic category codes and resolutions ("scale:N", "distance:V:uom") space-separated -->
  <xsl:param name="service-topics" as="xs:string" select="''"/>
  <xsl:param name="service-representation" as="xs:string" select="''"/>
  <xsl:param name="service-resolutions" as="xs:string" select="''"/>


  <xsl:template match="/">
    <xsl:apply-templates select="gmd:MD_Metadata"/>
  </xsl:template>

  <xsl:template match="gmd:MD_Metadata">
    <xsl:variable name="scope" select="string(gmd:hierarchyLevel[1]/*/@codeListValue)"/>
    <mdb:MD_Metadata>
      <!-- every namespace of the set is declared once, on the root: CSW responses embed the
           render as it is, and literal result elements below carry no namespace nodes of
           their own (exclude-result-prefixes="#all"), which keeps SaxonJS's tree building fast.
           One constant instruction per namespace, in prefix order: a loop over a map of them,
           sorted on every call, cost SaxonJS 0.8 ms of a 6 ms transform. -->
      <xsl:namespace name="cat">http://standards.iso.org/iso/19115/-3/cat/1.0</xsl:namespace>
      <xsl:namespace name="cit">http://standards.iso.org/iso/19115/-3/cit/2.0</xsl:namespace>
      <xsl:namespace name="gco">http://standards.iso.org/iso/19115/-3/gco/1.0</xsl:namespace>
      <xsl:namespace name="gcx">http://standards.iso.org/iso/19115/-3/gcx/1.0</xsl:namespace>
      <xsl:namespace name="gex">http://standards.iso.org/iso/19115/-3/gex/1.0</xsl:namespace>
      <xsl:namespace name="gml">http://www.opengis.net/gml/3.2</xsl:namespace>
      <xsl:namespace name="lan">http://standards.iso.org/iso/19115/-3/lan/1.0</xsl:namespace>
      <xsl:namespace name="mac">http://standards.iso.org/iso/19115/-3/mac/2.0</xsl:namespace>
      <xsl:namespace name="mas">http://standards.iso.org/iso/19115/-3/mas/1.0</xsl:namespace>
      <xsl:namespace name="mcc">http://standards.iso.org/iso/19115/-3/mcc/1.0</xsl:namespace>
      <xsl:namespace name="mco">http://standards.iso.org/iso/19115/-3/mco/1.0</xsl:namespace>
      <xsl:namespace name="mda">http://standards.iso.org/iso/19115/-3/mda/1.0</xsl:namespace>
      <xsl:namespace name="mdb">http://standards.iso.org/iso/19115/-3/mdb/2.0</xsl:namespace>
      <xsl:namespace name="mdq">http://standards.iso.org/iso/19157/-2/mdq/1.0</xsl:namespace>
      <xsl:namespace name="mds">http://standards.iso.org/iso/19115/-3/mds/2.0</xsl:namespace>
      <xsl:namespace name="mdt">http://standards.iso.org/iso/19115/-3/mdt/2.0</xsl:namespace>
      <xsl:namespace name="mex">http://standards.iso.org/iso/19115/-3/mex/1.0</xsl:namespace>
      <xsl:namespace name="mmi">http://standards.iso.org/iso/19115/-3/mmi/1.0</xsl:namespace>
      <xsl:namespace name="mpc">http://standards.iso.org/iso/19115/-3/mpc/1.0</xsl:namespace>
      <xsl:namespace name="mrc">http://standards.iso.org/iso/19115/-3/mrc/2.0</xsl:namespace>
      <xsl:namespace name="mrd">http://standards.iso.org/iso/19115/-3/mrd/1.0</xsl:namespace>
      <xsl:namespace name="mri">http://standards.iso.org/iso/19115/-3/mri/1.0</xsl:namespace>
      <xsl:namespace name="mrl">http://standards.iso.org/iso/19115/-3/mrl/2.0</xsl:namespace>
      <xsl:namespace name="mrs">http://standards.iso.org/iso/19115/-3/mrs/1.0</xsl:namespace>
      <xsl:namespace name="msr">http://standards.iso.org/iso/19115/-3/msr/2.0</xsl:namespace>
      <xsl:namespace name="srv">http://standards.iso.org/iso/19115/-3/srv/2.0</xsl:namespace>
      <xsl:namespace name="xlink">http://www.w3.org/1999/xlink</xsl:namespace>
      <mdb:metadataIdentifier>
        <mcc:MD_Identifier>
          <mcc:code><xsl:apply-templates select="gmd:fileIdentifier" mode="prop"/></mcc:code>
        </mcc:MD_Identifier>
      </mdb:metadataIdentifier>
      <xsl:for-each select="gmd:language[gmd:LanguageCode]">
        <mdb:defaultLocale><xsl:call-template name="locale"/></mdb:defaultLocale>
      </xsl:for-each>
      <!-- the parent by reference (gco:ObjectReference uuidref): 19139 names it by identifier only -->
      <xsl:for-each select="gmd:parentIdentifier[normalize-space()]">
        <mdb:parentMetadata uuidref="{normalize-space(.)}"/>
      </xsl:for-each>
      <xsl:if test="gmd:hierarchyLevel or gmd:hierarchyLevelName">
        <mdb:metadataScope>
          <mdb:MD_MetadataScope>
            <xsl:choose>
              <xsl:when test="gmd:hierarchyLevel">
                <mdb:resourceScope><xsl:apply-templates select="gmd:hierarchyLevel[1]" mode="prop"/></mdb:resourceScope>
              </xsl:when>
              <xsl:otherwise><mdb:resourceScope gco:nilReason="missing"/></xsl:otherwise>
            </xsl:choose>
            <xsl:for-each select="gmd:hierarchyLevelName[1]">
              <mdb:name><xsl:apply-templates select="." mode="prop"/></mdb:name>
            </xsl:for-each>
          </mdb:MD_MetadataScope>
        </mdb:metadataScope>
      </xsl:if>
      <xsl:for-each select="gmd:contact">
        <mdb:contact><xsl:apply-templates select="." mode="party"/></mdb:contact>
      </xsl:for-each>
      <mdb:dateInfo>
        <cit:CI_Date>
          <cit:date><xsl:apply-templates select="gmd:dateStamp" mode="prop"/></cit:date>
          <cit:dateType><cit:CI_DateTypeCode codeList="{$CL}CI_DateTypeCode" codeListValue="revision">revision</cit:CI_DateTypeCode></cit:dateType>
        </cit:CI_Date>
      </mdb:dateInfo>
      <mdb:metadataStandard>
        <cit:CI_Citation>
          <!-- no edition: the same text serves the 2016 form (mdb2016.ts), whose namespaces say which it is -->
          <cit:title><gco:CharacterString>ISO 19115-3</gco:CharacterString></cit:title>
        </cit:CI_Citation>
      </mdb:metadataStandard>
      <xsl:for-each select="gmd:locale/gmd:PT_Locale">
        <mdb:otherLocale><xsl:apply-templates select="."/></mdb:otherLocale>
      </xsl:for-each>
      <xsl:for-each select="gmd:referenceSystemInfo/gmd:MD_ReferenceSystem/gmd:referenceSystemIdentifier/gmd:RS_Identifier">
        <mdb:referenceSystemInfo>
          <mrs:MD_ReferenceSystem>
            <mrs:referenceSystemIdentifier><xsl:call-template name="identifier"/></mrs:referenceSystemIdentifier>
          </mrs:MD_ReferenceSystem>
        </mdb:referenceSystemInfo>
      </xsl:for-each>
      <xsl:for-each select="gmd:identificationInfo/*">
        <mdb:identificationInfo>
          <xsl:choose>
            <xsl:when test="$scope = 'service'"><xsl:call-template name="service-identification"/></xsl:when>
            <xsl:otherwise><xsl:call-template name="data-identification"/></xsl:otherwise>
          </xsl:choose>
        </mdb:identificationInfo>
      </xsl:for-each>
      <xsl:apply-templates select="gmd:distributionInfo/gmd:MD_Distribution"/>
      <xsl:apply-templates select="gmd:dataQualityInfo/gmd:DQ_DataQuality[gmd:report]"/>
      <xsl:apply-templates select="gmd:dataQualityInfo/gmd:DQ_DataQuality/gmd:lineage/gmd:LI_Lineage"/>
    </mdb:MD_Metadata>
  </xsl:template>

</xsl:stylesheet>
