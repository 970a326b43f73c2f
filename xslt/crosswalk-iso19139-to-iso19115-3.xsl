<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19139 (gmd/srv, with ISO 19115-2 gmi content in the 2005 or the gmi/1.0 namespace) →
  ISO 19115-3 (mdb/2.0 set, or mdb/1.0 with mdb-set='2016'). Written for geokatalog from the
  structure of ISO 19115-1 and its XML schemas.

  How: the document is walked class / property / class … Every class is renamed to its ISO 19115-1
  name where that changed (cw:class3) and put in the module the official XSD declares it in; every
  property goes to the module of the class that owns it, renamed where 19115-1 renamed it
  (cw:prop3), and the properties of each class are written in the order of its schema
  (crosswalk-tables.xsl, generated from the XSDs). Where ISO 19115-1 changed a structure
  (responsible parties, telephones, locales, formats, aggregations, data quality measures and
  methods, lineage, maintenance scopes, coverage attribute groups, coupled resources), a template
  below builds the 19115-1 structure. Content of no ISO module (extensions of national profiles)
  is copied as it is; gml goes to 3.2. What 19115-1 has no place for is listed in
  docs/iso-crosswalks.md.
-->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:map="http://www.w3.org/2005/xpath-functions/map" xmlns:cw="urn:geokatalog:crosswalk"
  xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco139="http://www.isotc211.org/2005/gco"
  xmlns:gmx="http://www.isotc211.org/2005/gmx" xmlns:srv139="http://www.isotc211.org/2005/srv"
  xmlns:gts="http://www.isotc211.org/2005/gts" xmlns:gml="http://www.opengis.net/gml/3.2"
  xmlns:mdq="http://standards.iso.org/iso/19157/-2/mdq/1.0"
  xmlns:mdb="http://standards.iso.org/iso/19115/-3/mdb/2.0"
  xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"
  xmlns:mac="http://standards.iso.org/iso/19115/-3/mac/2.0"
  xmlns:mrc="http://standards.iso.org/iso/19115/-3/mrc/2.0"
  xmlns:mrl="http://standards.iso.org/iso/19115/-3/mrl/2.0"
  xmlns:msr="http://standards.iso.org/iso/19115/-3/msr/2.0"
  xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"
  xmlns:gcx="http://standards.iso.org/iso/19115/-3/gcx/1.0"
  xmlns:gex="http://standards.iso.org/iso/19115/-3/gex/1.0"
  xmlns:lan="http://standards.iso.org/iso/19115/-3/lan/1.0"
  xmlns:mas="http://standards.iso.org/iso/19115/-3/mas/1.0"
  xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0"
  xmlns:mco="http://standards.iso.org/iso/19115/-3/mco/1.0"
  xmlns:mmi="http://standards.iso.org/iso/19115/-3/mmi/1.0"
  xmlns:mpc="http://standards.iso.org/iso/19115/-3/mpc/1.0"
  xmlns:mrd="http://standards.iso.org/iso/19115/-3/mrd/1.0"
  xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0"
  xmlns:mrs="http://standards.iso.org/iso/19115/-3/mrs/1.0"
  xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0"
  xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  exclude-result-prefixes="#all">

  <xsl:include href="crosswalk-common.xsl"/>
  <xsl:output method="xml" indent="no" encoding="UTF-8"/>

  <xsl:variable name="CODELISTS" select="'http://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml'"/>

  <!-- 19139 class names that ISO 19115-1 renamed -->
  <xsl:variable name="CLASS-RENAMES" as="map(xs:string, xs:string)" select="map {
    'MI_Metadata': 'MD_Metadata', 'RS_Identifier': 'MD_Identifier', 'DQ_Scope': 'MD_Scope', 'Country': 'CountryCode',
    'DQ_NonQuantitativeAttributeAccuracy': 'DQ_NonQuantitativeAttributeCorrectness', 'DQ_Usability': 'DQ_UsabilityElement',
    'QE_Usability': 'DQ_UsabilityElement', 'CI_ResponsibleParty': 'CI_Responsibility',
    'MD_AggregateInformation': 'MD_AssociatedResource' }"/>

  <!-- element (namespace-independent) of the 19115-2 gmi namespaces too -->
  <xsl:function name="cw:class3" as="xs:string">
    <xsl:param name="e" as="element()"/>
    <xsl:sequence select="($CLASS-RENAMES(local-name($e)), local-name($e))[1]"/>
  </xsl:function>
  <xsl:function name="cw:row3" as="element()?">
    <xsl:param name="class" as="xs:string"/>
    <xsl:sequence select="$cw:iso3-classes($class)"/>
  </xsl:function>

  <!-- property renames: (class of 19139, property) → 19115-1 property -->
  <xsl:function name="cw:prop3" as="xs:string">
    <xsl:param name="p" as="element()"/>
    <xsl:variable name="c" select="local-name($p/..)"/>
    <xsl:variable name="n" select="local-name($p)"/>
    <xsl:sequence select="
      if ($n = 'languageCode' and $c = 'PT_Locale') then 'language'
      else if ($n = 'descriptor') then 'description'
      else if ($n = 'restrictions' and $c = 'SV_ServiceIdentification') then 'resourceConstraints'
      else if ($n = 'keywords' and $c = 'SV_ServiceIdentification') then 'descriptiveKeywords'
      else if ($n = 'DCP') then 'distributedComputingPlatform'
      else if ($n = 'parameters' and $c = 'SV_OperationMetadata') then 'parameter'
      else if ($n = 'valueType' and $c = 'DQ_QuantitativeResult') then 'valueRecordType'
      else if ($n = 'aggregationInfo') then 'associatedResource'
      else if ($n = 'collectiveTitle') then 'otherCitationDetails'
      else if ($n = 'dateTime' and ends-with($c, 'ProcessStep')) then 'stepDateTime'
      else $n"/>
  </xsl:function>

  <!-- writes an ISO 19115-3 element of module $m -->
  <xsl:function name="cw:qn" as="xs:string">
    <xsl:param name="m" as="xs:string"/>
    <xsl:param name="n" as="xs:string"/>
    <xsl:sequence select="$m || ':' || $n"/>
  </xsl:function>

  <!-- ============================== root ============================== -->
  <xsl:template match="/">
    <xsl:variable name="out" as="element()"><xsl:apply-templates select="*" mode="class"/></xsl:variable>
    <!-- every module declared once on the root (so that no descendant redeclares one) -->
    <xsl:element name="{name($out)}" namespace="{namespace-uri($out)}">
      <xsl:for-each select="$cw:ISO3-MODULES[. ne 'gmw']">
        <xsl:namespace name="{.}" select="cw:ns3(.)"/>
      </xsl:for-each>
      <xsl:copy-of select="$out/@*, $out/node()"/>
    </xsl:element>
  </xsl:template>

  <!-- ============================== classes ============================== -->
  <xsl:template match="*" mode="class">
    <xsl:param name="as" as="xs:string" select="cw:class3(.)"/>
    <xsl:param name="extra" as="element()*" select="()"/>
    <xsl:variable name="row" select="cw:row3($as)"/>
    <xsl:choose>
      <xsl:when test="exists($row) and namespace-uri() = $cw:ISO139-NS">
        <xsl:element name="{cw:qn($row/@m, $as)}" namespace="{cw:ns3($row/@m)}">
          <xsl:apply-templates select="@*" mode="attr"/>
          <xsl:apply-templates select="text()[normalize-space()]" mode="value"/>
          <xsl:call-template name="cw:ordered">
            <xsl:with-param name="row" select="$row"/>
            <xsl:with-param name="kids" as="element()*">
              <xsl:apply-templates select="*" mode="prop"/>
              <xsl:sequence select="$extra"/>
            </xsl:with-param>
          </xsl:call-template>
        </xsl:element>
      </xsl:when>
      <xsl:otherwise><xsl:apply-templates select="." mode="cw:copy"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- gco values: same names, 19115-3 gco namespace -->
  <xsl:template match="gco139:*" mode="class prop value">
    <xsl:element name="gco:{local-name()}" namespace="{cw:ns3('gco')}">
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:apply-templates select="node()" mode="value"/>
    </xsl:element>
  </xsl:template>
  <xsl:template match="*" mode="value"><xsl:apply-templates select="." mode="class"/></xsl:template>
  <xsl:template match="text()" mode="value"><xsl:copy/></xsl:template>
  <xsl:template match="gts:TM_PeriodDuration" mode="class">
    <gco:TM_PeriodDuration xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"><xsl:value-of select="."/></gco:TM_PeriodDuration>
  </xsl:template>
  <xsl:template match="gmx:Anchor | gmx:FileName | gmx:MimeFileType" mode="class">
    <xsl:element name="gcx:{local-name()}" namespace="{cw:ns3('gcx')}">
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:value-of select="."/>
    </xsl:element>
  </xsl:template>
  <!-- 19115-1 linkages are character strings -->
  <xsl:template match="gmd:URL" mode="class">
    <gco:CharacterString xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"><xsl:value-of select="."/></gco:CharacterString>
  </xsl:template>

  <!-- CI_ResponsibleParty → CI_Responsibility: the party is the organisation (with the individual
       inside it) or, without an organisation, the individual; contact details go to the party -->
  <xsl:template match="gmd:CI_ResponsibleParty" mode="class">
    <xsl:variable name="contact" as="element()*"><xsl:apply-templates select="gmd:contactInfo" mode="prop-of"><xsl:with-param name="m" select="'cit'"/></xsl:apply-templates></xsl:variable>
    <cit:CI_Responsibility>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:apply-templates select="gmd:role" mode="prop"/>
      <xsl:if test="gmd:organisationName or gmd:individualName or gmd:positionName or gmd:contactInfo">
        <cit:party>
          <xsl:choose>
            <xsl:when test="gmd:organisationName">
              <cit:CI_Organisation>
                <xsl:apply-templates select="gmd:organisationName" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'name'"/></xsl:apply-templates>
                <xsl:sequence select="$contact"/>
                <xsl:if test="gmd:individualName or gmd:positionName">
                  <cit:individual>
                    <cit:CI_Individual>
                      <xsl:apply-templates select="gmd:individualName" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'name'"/></xsl:apply-templates>
                      <xsl:apply-templates select="gmd:positionName" mode="prop-of"><xsl:with-param name="m" select="'cit'"/></xsl:apply-templates>
                    </cit:CI_Individual>
                  </cit:individual>
                </xsl:if>
              </cit:CI_Organisation>
            </xsl:when>
            <xsl:otherwise>
              <cit:CI_Individual>
                <xsl:apply-templates select="gmd:individualName" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'name'"/></xsl:apply-templates>
                <xsl:sequence select="$contact"/>
                <xsl:apply-templates select="gmd:positionName" mode="prop-of"><xsl:with-param name="m" select="'cit'"/></xsl:apply-templates>
              </cit:CI_Individual>
            </xsl:otherwise>
          </xsl:choose>
        </cit:party>
      </xsl:if>
      <xsl:if test="not(gmd:organisationName or gmd:individualName or gmd:positionName or gmd:contactInfo)">
        <cit:party gco:nilReason="missing"/>
      </xsl:if>
    </cit:CI_Responsibility>
  </xsl:template>

  <!-- MD_Format: name and version become the format specification's citation -->
  <xsl:template match="gmd:MD_Format" mode="class">
    <mrd:MD_Format>
      <xsl:apply-templates select="@*" mode="attr"/>
      <mrd:formatSpecificationCitation>
        <cit:CI_Citation>
          <xsl:apply-templates select="gmd:name" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'title'"/></xsl:apply-templates>
          <xsl:if test="not(gmd:name)"><cit:title gco:nilReason="missing"/></xsl:if>
          <xsl:apply-templates select="gmd:specification" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'alternateTitle'"/></xsl:apply-templates>
          <xsl:apply-templates select="gmd:version" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'edition'"/></xsl:apply-templates>
        </cit:CI_Citation>
      </mrd:formatSpecificationCitation>
      <xsl:apply-templates select="gmd:amendmentNumber, gmd:fileDecompressionTechnique, gmd:formatDistributor" mode="prop"/>
    </mrd:MD_Format>
  </xsl:template>

  <!-- MD_AggregateInformation → MD_AssociatedResource; the aggregate's identifier joins its citation -->
  <xsl:template match="gmd:MD_AggregateInformation" mode="class">
    <mri:MD_AssociatedResource>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:variable name="ids" as="element()*">
        <xsl:apply-templates select="gmd:aggregateDataSetIdentifier" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'identifier'"/></xsl:apply-templates>
      </xsl:variable>
      <xsl:choose>
        <xsl:when test="gmd:aggregateDataSetName/*">
          <mri:name>
            <xsl:apply-templates select="gmd:aggregateDataSetName/@*" mode="attr"/>
            <xsl:apply-templates select="gmd:aggregateDataSetName/*" mode="class"><xsl:with-param name="extra" select="$ids"/></xsl:apply-templates>
          </mri:name>
        </xsl:when>
        <xsl:when test="exists($ids)">
          <mri:name><cit:CI_Citation><cit:title gco:nilReason="unknown"/><xsl:sequence select="$ids"/></cit:CI_Citation></mri:name>
        </xsl:when>
        <xsl:when test="gmd:aggregateDataSetName"><xsl:apply-templates select="gmd:aggregateDataSetName" mode="prop-of"><xsl:with-param name="m" select="'mri'"/><xsl:with-param name="n" select="'name'"/></xsl:apply-templates></xsl:when>
      </xsl:choose>
      <xsl:apply-templates select="gmd:associationType, gmd:initiativeType" mode="prop"/>
    </mri:MD_AssociatedResource>
  </xsl:template>

  <!-- a data quality element: 19157 groups the measure and the evaluation method -->
  <xsl:template match="gmd:report/* | *[local-name() = 'report']/*[local-name() = 'QE_Usability']" mode="class" priority="2">
    <xsl:variable name="as" select="cw:class3(.)"/>
    <xsl:variable name="row" select="cw:row3($as)"/>
    <xsl:choose>
      <xsl:when test="empty($row)"><xsl:apply-templates select="." mode="cw:copy"/></xsl:when>
      <xsl:otherwise>
        <xsl:element name="mdq:{$as}" namespace="{cw:ns3('mdq')}">
          <xsl:apply-templates select="@*" mode="attr"/>
          <xsl:if test="gmd:nameOfMeasure | gmd:measureIdentification | gmd:measureDescription">
            <mdq:measure>
              <mdq:DQ_MeasureReference>
                <xsl:apply-templates select="gmd:measureIdentification, gmd:nameOfMeasure, gmd:measureDescription" mode="prop-of"><xsl:with-param name="m" select="'mdq'"/></xsl:apply-templates>
              </mdq:DQ_MeasureReference>
            </mdq:measure>
          </xsl:if>
          <xsl:if test="gmd:evaluationMethodType | gmd:evaluationMethodDescription | gmd:evaluationProcedure | gmd:dateTime">
            <mdq:evaluationMethod>
              <mdq:DQ_EvaluationMethod>
                <xsl:apply-templates select="gmd:dateTime, gmd:evaluationMethodDescription, gmd:evaluationProcedure, gmd:evaluationMethodType" mode="prop-of"><xsl:with-param name="m" select="'mdq'"/></xsl:apply-templates>
              </mdq:DQ_EvaluationMethod>
            </mdq:evaluationMethod>
          </xsl:if>
          <xsl:apply-templates select="gmd:result" mode="prop-of"><xsl:with-param name="m" select="'mdq'"/></xsl:apply-templates>
        </xsl:element>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- coverage descriptions: content type and bands become an attribute group -->
  <xsl:template match="*[local-name() = ('MD_CoverageDescription', 'MI_CoverageDescription', 'MD_ImageDescription', 'MI_ImageDescription')]" mode="class">
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:if test="gmd:contentType | gmd:dimension">
          <mrc:attributeGroup>
            <mrc:MD_AttributeGroup>
              <xsl:apply-templates select="gmd:contentType" mode="prop-of"><xsl:with-param name="m" select="'mrc'"/></xsl:apply-templates>
              <xsl:if test="not(gmd:contentType)"><mrc:contentType gco:nilReason="unknown"/></xsl:if>
              <xsl:apply-templates select="gmd:dimension" mode="prop-of"><xsl:with-param name="m" select="'mrc'"/><xsl:with-param name="n" select="'attribute'"/></xsl:apply-templates>
            </mrc:MD_AttributeGroup>
          </mrc:attributeGroup>
        </xsl:if>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>
  <xsl:template match="*[local-name() = ('MD_CoverageDescription', 'MI_CoverageDescription', 'MD_ImageDescription', 'MI_ImageDescription')]/gmd:contentType
    | *[local-name() = ('MD_CoverageDescription', 'MI_CoverageDescription', 'MD_ImageDescription', 'MI_ImageDescription')]/gmd:dimension" mode="prop"/>

  <!-- 19115-1 acquisition information has a scope (19115-2's has none) -->
  <xsl:template match="*[local-name() = 'MI_AcquisitionInformation']" mode="class">
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*"><mac:scope gco:nilReason="unknown"/></xsl:with-param>
    </xsl:next-match>
  </xsl:template>

  <!-- an application schema's files: binary content in 19139, online resources in 19115-1 -->
  <xsl:template match="gmd:MD_ApplicationSchemaInformation/*[gco139:Binary]" mode="prop">
    <xsl:element name="mas:{local-name()}" namespace="{cw:ns3('mas')}">
      <xsl:apply-templates select="@*" mode="attr"/>
      <cit:CI_OnlineResource>
        <cit:linkage><gco:CharacterString><xsl:value-of select="(gco139:Binary/@src, gco139:Binary)[normalize-space()][1]"/></gco:CharacterString></cit:linkage>
      </cit:CI_OnlineResource>
    </xsl:element>
  </xsl:template>

  <!-- PT_FreeText and locales -->
  <xsl:template match="gmd:PT_FreeText" mode="class">
    <lan:PT_FreeText>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="gmd:textGroup">
        <lan:textGroup>
          <xsl:apply-templates select="@*" mode="attr"/>
          <xsl:for-each select="gmd:LocalisedCharacterString">
            <lan:LocalisedCharacterString><xsl:apply-templates select="@*" mode="attr"/><xsl:value-of select="."/></lan:LocalisedCharacterString>
          </xsl:for-each>
        </lan:textGroup>
      </xsl:for-each>
    </lan:PT_FreeText>
  </xsl:template>
  <!-- a language written as text becomes a code (19115-1 has no free-text language) -->
  <xsl:template match="gco139:CharacterString" mode="language">
    <lan:LanguageCode codeList="http://www.loc.gov/standards/iso639-2/" codeListValue="{normalize-space(.)}"><xsl:value-of select="."/></lan:LanguageCode>
  </xsl:template>
  <xsl:template match="*" mode="language"><xsl:apply-templates select="." mode="class"/></xsl:template>

  <!-- a locale from a language and a character set (the metadata's, the resource's, a catalogue's) -->
  <xsl:template name="locale">
    <xsl:param name="language" as="element()?"/>
    <xsl:param name="charset" as="element()?"/>
    <xsl:param name="id" as="xs:string?"/>
    <lan:PT_Locale>
      <xsl:if test="$id"><xsl:attribute name="id" select="$id"/></xsl:if>
      <lan:language>
        <xsl:apply-templates select="$language/@*" mode="attr"/>
        <xsl:apply-templates select="$language/*" mode="language"/>
      </lan:language>
      <lan:characterEncoding>
        <xsl:choose>
          <xsl:when test="$charset">
            <xsl:apply-templates select="$charset/@*" mode="attr"/>
            <xsl:apply-templates select="$charset/*" mode="class"/>
          </xsl:when>
          <xsl:otherwise><xsl:attribute name="gco:nilReason" namespace="{cw:ns3('gco')}" select="'unknown'"/></xsl:otherwise>
        </xsl:choose>
      </lan:characterEncoding>
    </lan:PT_Locale>
  </xsl:template>

  <xsl:template name="locales">
    <xsl:param name="m" as="xs:string"/>
    <xsl:param name="other" as="xs:string" select="'otherLocale'"/>
    <xsl:variable name="ctx" select="."/>
    <xsl:for-each select="gmd:language">
      <xsl:variable name="i" select="position()"/>
      <xsl:element name="{$m}:{if ($i = 1) then 'defaultLocale' else $other}" namespace="{cw:ns3($m)}">
        <xsl:call-template name="locale">
          <xsl:with-param name="language" select="."/>
          <xsl:with-param name="charset" select="$ctx/gmd:characterSet[$i]"/>
        </xsl:call-template>
      </xsl:element>
    </xsl:for-each>
    <!-- character sets without a language of their own -->
    <xsl:for-each select="gmd:characterSet[position() gt count($ctx/gmd:language)]">
      <xsl:element name="{$m}:{if (empty($ctx/gmd:language) and position() = 1) then 'defaultLocale' else $other}" namespace="{cw:ns3($m)}">
        <lan:PT_Locale>
          <lan:language gco:nilReason="unknown"/>
          <lan:characterEncoding><xsl:apply-templates select="@*" mode="attr"/><xsl:apply-templates select="*" mode="class"/></lan:characterEncoding>
        </lan:PT_Locale>
      </xsl:element>
    </xsl:for-each>
  </xsl:template>

  <!-- ============================== properties ============================== -->
  <xsl:template match="*" mode="prop">
    <xsl:variable name="n" select="cw:prop3(.)"/>
    <xsl:variable name="row" select="cw:row3(cw:class3(..))"/>
    <xsl:choose>
      <xsl:when test="empty($row)"><xsl:apply-templates select="." mode="cw:copy"/></xsl:when>
      <xsl:otherwise>
        <xsl:apply-templates select="." mode="prop-of">
          <xsl:with-param name="m" select="string(($row/p[@n = $n]/@m, $row/@m)[1])"/>
          <xsl:with-param name="n" select="$n"/>
        </xsl:apply-templates>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>
  <!-- extensions inside ISO classes: kept as they are -->
  <xsl:template match="*[not(namespace-uri() = $cw:ISO139-NS)]" mode="prop" priority="-0.1">
    <xsl:apply-templates select="." mode="cw:copy"/>
  </xsl:template>

  <!-- a property named $n in module $m, with the source property's attributes and its value -->
  <xsl:template match="*" mode="prop-of">
    <xsl:param name="m" as="xs:string"/>
    <xsl:param name="n" as="xs:string" select="cw:prop3(.)"/>
    <xsl:element name="{$m}:{$n}" namespace="{cw:ns3($m)}">
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:apply-templates select="*" mode="class"/>
    </xsl:element>
  </xsl:template>

  <!-- MD_Metadata's own properties -->
  <xsl:variable name="ROOTS" select="('MD_Metadata', 'MI_Metadata')"/>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:fileIdentifier" mode="prop">
    <mdb:metadataIdentifier>
      <mcc:MD_Identifier>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'code'"/></xsl:apply-templates>
      </mcc:MD_Identifier>
    </mdb:metadataIdentifier>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:language[1] | *[local-name() = $ROOTS]/gmd:characterSet[not(../gmd:language)][1]" mode="prop">
    <xsl:for-each select="..">
      <xsl:call-template name="locales"><xsl:with-param name="m" select="'mdb'"/></xsl:call-template>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:language | *[local-name() = $ROOTS]/gmd:characterSet" mode="prop" priority="-0.2"/>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:parentIdentifier" mode="prop">
    <mdb:parentMetadata>
      <xsl:if test="normalize-space(.)"><xsl:attribute name="uuidref" select="normalize-space(.)"/></xsl:if>
      <cit:CI_Citation>
        <cit:title gco:nilReason="unknown"/>
        <cit:identifier><mcc:MD_Identifier>
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'code'"/></xsl:apply-templates>
        </mcc:MD_Identifier></cit:identifier>
      </cit:CI_Citation>
    </mdb:parentMetadata>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:hierarchyLevel" mode="prop">
    <xsl:variable name="i" select="count(preceding-sibling::gmd:hierarchyLevel) + 1"/>
    <mdb:metadataScope>
      <mdb:MD_MetadataScope>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mdb'"/><xsl:with-param name="n" select="'resourceScope'"/></xsl:apply-templates>
        <xsl:apply-templates select="../gmd:hierarchyLevelName[$i]" mode="prop-of"><xsl:with-param name="m" select="'mdb'"/><xsl:with-param name="n" select="'name'"/></xsl:apply-templates>
      </mdb:MD_MetadataScope>
    </mdb:metadataScope>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:hierarchyLevelName" mode="prop">
    <xsl:if test="count(preceding-sibling::gmd:hierarchyLevelName) ge count(../gmd:hierarchyLevel)">
      <mdb:metadataScope>
        <mdb:MD_MetadataScope>
          <mdb:resourceScope gco:nilReason="unknown"/>
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mdb'"/><xsl:with-param name="n" select="'name'"/></xsl:apply-templates>
        </mdb:MD_MetadataScope>
      </mdb:metadataScope>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:dateStamp" mode="prop">
    <mdb:dateInfo>
      <cit:CI_Date>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'date'"/></xsl:apply-templates>
        <cit:dateType><cit:CI_DateTypeCode codeList="{$CODELISTS}#CI_DateTypeCode" codeListValue="creation"/></cit:dateType>
      </cit:CI_Date>
    </mdb:dateInfo>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:metadataStandardName" mode="prop">
    <xsl:variable name="i" select="count(preceding-sibling::gmd:metadataStandardName) + 1"/>
    <mdb:metadataStandard>
      <cit:CI_Citation>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'title'"/></xsl:apply-templates>
        <xsl:apply-templates select="../gmd:metadataStandardVersion[$i]" mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'edition'"/></xsl:apply-templates>
      </cit:CI_Citation>
    </mdb:metadataStandard>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:metadataStandardVersion" mode="prop">
    <xsl:if test="count(preceding-sibling::gmd:metadataStandardVersion) ge count(../gmd:metadataStandardName)">
      <mdb:metadataStandard>
        <cit:CI_Citation>
          <cit:title gco:nilReason="unknown"/>
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'edition'"/></xsl:apply-templates>
        </cit:CI_Citation>
      </mdb:metadataStandard>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:locale" mode="prop">
    <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mdb'"/><xsl:with-param name="n" select="'otherLocale'"/></xsl:apply-templates>
  </xsl:template>
  <!-- dataSetURI is written into the first resource's citation (below) -->
  <xsl:template match="*[local-name() = $ROOTS]/gmd:dataSetURI" mode="prop">
    <xsl:if test="empty(../gmd:identificationInfo/*/gmd:citation/gmd:CI_Citation)">
      <mdb:metadataLinkage>
        <cit:CI_OnlineResource>
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'linkage'"/></xsl:apply-templates>
        </cit:CI_OnlineResource>
      </mdb:metadataLinkage>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = $ROOTS]/gmd:identificationInfo[1]/*/gmd:citation/gmd:CI_Citation" mode="class">
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:for-each select="ancestor::*[local-name() = $ROOTS][1]/gmd:dataSetURI">
          <cit:onlineResource>
            <cit:CI_OnlineResource>
              <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'linkage'"/></xsl:apply-templates>
            </cit:CI_OnlineResource>
          </cit:onlineResource>
        </xsl:for-each>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>
  <!-- data quality: the reports stay data quality (19157), the lineage becomes resource lineage -->
  <xsl:template match="*[local-name() = $ROOTS]/gmd:dataQualityInfo" mode="prop">
    <xsl:variable name="dq" select="gmd:DQ_DataQuality"/>
    <xsl:if test="not($dq) or $dq/gmd:report or not($dq/gmd:lineage)">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mdb'"/></xsl:apply-templates>
    </xsl:if>
    <xsl:for-each select="$dq/gmd:lineage">
      <mdb:resourceLineage>
        <xsl:apply-templates select="@*" mode="attr"/>
        <xsl:apply-templates select="gmd:LI_Lineage" mode="class">
          <xsl:with-param name="extra" as="element()*">
            <xsl:apply-templates select="../gmd:scope" mode="prop-of"><xsl:with-param name="m" select="'mrl'"/></xsl:apply-templates>
          </xsl:with-param>
        </xsl:apply-templates>
      </mdb:resourceLineage>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="gmd:DQ_DataQuality/gmd:lineage" mode="prop"/>
  <!-- ISO 19115-1 has no place for these (feature catalogue links of 19115:2003's MD_Metadata) -->
  <xsl:template match="*[local-name() = $ROOTS]/(gmd:series | gmd:describes | gmd:propertyType | gmd:featureType | gmd:featureAttribute)" mode="prop"/>

  <!-- identification: language and character set become locales -->
  <xsl:template match="*[local-name() = ('MD_DataIdentification', 'SV_ServiceIdentification')]/gmd:language[1]
    | *[local-name() = ('MD_DataIdentification', 'SV_ServiceIdentification')]/gmd:characterSet[not(../gmd:language)][1]" mode="prop">
    <xsl:for-each select="..">
      <xsl:call-template name="locales"><xsl:with-param name="m" select="'mri'"/></xsl:call-template>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = ('MD_DataIdentification', 'SV_ServiceIdentification')]/(gmd:language | gmd:characterSet)" mode="prop" priority="-0.2"/>
  <xsl:template match="gmd:MD_FeatureCatalogueDescription/gmd:language" mode="prop">
    <mrc:locale>
      <xsl:call-template name="locale"><xsl:with-param name="language" select="."/></xsl:call-template>
    </mrc:locale>
  </xsl:template>
  <xsl:template match="gmd:MD_FeatureCatalogueDescription/gmd:featureTypes" mode="prop">
    <mrc:featureTypes>
      <xsl:apply-templates select="@*" mode="attr"/>
      <mrc:MD_FeatureTypeInfo>
        <mrc:featureTypeName><xsl:apply-templates select="*" mode="class"/></mrc:featureTypeName>
      </mrc:MD_FeatureTypeInfo>
    </mrc:featureTypes>
  </xsl:template>

  <!-- telephones: one CI_Telephone per number, with its type -->
  <xsl:template match="gmd:CI_Contact/gmd:phone" mode="prop">
    <xsl:variable name="numbers" select="gmd:CI_Telephone/*"/>
    <xsl:if test="empty($numbers)">
      <cit:phone><xsl:apply-templates select="@*" mode="attr"/></cit:phone>
    </xsl:if>
    <xsl:for-each select="$numbers">
      <cit:phone>
        <cit:CI_Telephone>
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'number'"/></xsl:apply-templates>
          <cit:numberType><cit:CI_TelephoneTypeCode codeList="{$CODELISTS}#CI_TelephoneTypeCode" codeListValue="{if (local-name() = 'facsimile') then 'facsimile' else 'voice'}"/></cit:numberType>
        </cit:CI_Telephone>
      </cit:phone>
    </xsl:for-each>
  </xsl:template>

  <!-- a medium's name: a code in 19139, a citation in 19115-1 -->
  <xsl:template match="gmd:MD_Medium/gmd:name" mode="prop">
    <mrd:name>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="*">
        <cit:CI_Citation><cit:title><gco:CharacterString><xsl:value-of select="(@codeListValue, .)[normalize-space()][1]"/></gco:CharacterString></cit:title></cit:CI_Citation>
      </xsl:for-each>
    </mrd:name>
  </xsl:template>

  <!-- maintenance: next update date, update scopes -->
  <xsl:template match="gmd:MD_MaintenanceInformation/gmd:dateOfNextUpdate" mode="prop">
    <mmi:maintenanceDate>
      <cit:CI_Date>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'cit'"/><xsl:with-param name="n" select="'date'"/></xsl:apply-templates>
        <cit:dateType><cit:CI_DateTypeCode codeList="{$CODELISTS}#CI_DateTypeCode" codeListValue="nextUpdate"/></cit:dateType>
      </cit:CI_Date>
    </mmi:maintenanceDate>
  </xsl:template>
  <xsl:template match="gmd:MD_MaintenanceInformation/gmd:updateScope" mode="prop">
    <xsl:variable name="i" select="count(preceding-sibling::gmd:updateScope) + 1"/>
    <mmi:maintenanceScope>
      <mcc:MD_Scope>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'level'"/></xsl:apply-templates>
        <xsl:apply-templates select="../gmd:updateScopeDescription[$i]" mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'levelDescription'"/></xsl:apply-templates>
      </mcc:MD_Scope>
    </mmi:maintenanceScope>
  </xsl:template>
  <xsl:template match="gmd:MD_MaintenanceInformation/gmd:updateScopeDescription" mode="prop">
    <xsl:if test="count(preceding-sibling::gmd:updateScopeDescription) ge count(../gmd:updateScope)">
      <mmi:maintenanceScope>
        <mcc:MD_Scope>
          <mcc:level gco:nilReason="unknown"/>
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'levelDescription'"/></xsl:apply-templates>
        </mcc:MD_Scope>
      </mmi:maintenanceScope>
    </xsl:if>
  </xsl:template>

  <!-- lineage: a step's date-time is a gml instant; a source's scale is a resolution, its extent a scope -->
  <xsl:template match="*[ends-with(local-name(), 'ProcessStep')]/gmd:dateTime" mode="prop">
    <mrl:stepDateTime>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="gco139:DateTime | gco139:Date">
        <gml:TimeInstant gml:id="{generate-id()}"><gml:timePosition><xsl:value-of select="."/></gml:timePosition></gml:TimeInstant>
      </xsl:for-each>
    </mrl:stepDateTime>
  </xsl:template>
  <xsl:template match="*[ends-with(local-name(), '_Source')]/gmd:scaleDenominator" mode="prop">
    <mrl:sourceSpatialResolution>
      <mri:MD_Resolution>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mri'"/><xsl:with-param name="n" select="'equivalentScale'"/></xsl:apply-templates>
      </mri:MD_Resolution>
    </mrl:sourceSpatialResolution>
  </xsl:template>
  <xsl:template match="*[ends-with(local-name(), '_Source')]/gmd:sourceExtent" mode="prop">
    <mrl:scope>
      <mcc:MD_Scope>
        <mcc:level gco:nilReason="unknown"/>
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'extent'"/></xsl:apply-templates>
      </mcc:MD_Scope>
    </mrl:scope>
  </xsl:template>

  <!-- services: the service type is a scoped name; a coupled resource names its operation and
       its resource by citation -->
  <xsl:template match="srv139:serviceType" mode="prop">
    <srv:serviceType>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="*">
        <gco:ScopedName><xsl:apply-templates select="@*" mode="attr"/><xsl:value-of select="."/></gco:ScopedName>
      </xsl:for-each>
    </srv:serviceType>
  </xsl:template>
  <xsl:template match="srv139:SV_CoupledResource" mode="class">
    <srv:SV_CoupledResource>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="gco139:ScopedName">
        <srv:scopedName><xsl:apply-templates select="." mode="class"/></srv:scopedName>
      </xsl:for-each>
      <xsl:for-each select="srv139:identifier">
        <srv:resourceReference>
          <xsl:apply-templates select="@*" mode="attr"/>
          <cit:CI_Citation>
            <cit:title gco:nilReason="unknown"/>
            <cit:identifier><mcc:MD_Identifier>
              <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'mcc'"/><xsl:with-param name="n" select="'code'"/></xsl:apply-templates>
            </mcc:MD_Identifier></cit:identifier>
          </cit:CI_Citation>
        </srv:resourceReference>
      </xsl:for-each>
      <xsl:for-each select="srv139:operationName">
        <srv:operation>
          <srv:SV_OperationMetadata>
            <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'srv'"/></xsl:apply-templates>
            <srv:distributedComputingPlatform gco:nilReason="unknown"/>
            <srv:connectPoint gco:nilReason="unknown"/>
          </srv:SV_OperationMetadata>
        </srv:operation>
      </xsl:for-each>
      <xsl:apply-templates select="* except (gco139:ScopedName, srv139:identifier, srv139:operationName)" mode="prop"/>
    </srv:SV_CoupledResource>
  </xsl:template>

  <!-- ============================== attributes ============================== -->
  <xsl:template match="@*" mode="attr"><xsl:copy/></xsl:template>
  <xsl:template match="@xsi:schemaLocation" mode="attr"/>
  <xsl:template match="@gco139:*" mode="attr">
    <xsl:attribute name="gco:{local-name()}" namespace="{cw:ns3('gco')}" select="."/>
  </xsl:template>
  <xsl:template match="@*[namespace-uri() = ($cw:GML, $cw:GML32)]" mode="attr">
    <xsl:attribute name="gml:{local-name()}" namespace="{$cw:GML32}" select="."/>
  </xsl:template>
  <!-- 19115:2003's "center" is spelled "centre" in 19115-1 -->
  <xsl:template match="gmd:MD_PixelOrientationCode/text()[normalize-space() = 'center']" mode="value class">centre</xsl:template>

  <!-- code lists: the ISO 19115-3 register (languages and countries keep theirs) -->
  <xsl:template match="@codeList[not(../local-name() = ('LanguageCode', 'Country'))]" mode="attr">
    <xsl:attribute name="codeList" select="$CODELISTS || '#' || cw:class3(..)"/>
  </xsl:template>
  <xsl:template match="@xsi:type" mode="attr">
    <xsl:variable name="local" select="replace(., '^.*:', '')"/>
    <xsl:variable name="class" select="replace($local, '_(Property)?Type$', '')"/>
    <xsl:variable name="row" select="cw:row3(($CLASS-RENAMES($class), $class)[1])"/>
    <xsl:choose>
      <xsl:when test="not(contains(., ':')) or not(namespace-uri-for-prefix(substring-before(., ':'), ..) = $cw:ISO139-NS)"><xsl:copy/></xsl:when>
      <xsl:when test="exists($row)">
        <xsl:attribute name="xsi:type" select="$row/@m || ':' || $row/@n || substring-after($local, $class)"/>
      </xsl:when>
      <!-- a type 19115-3 does not have: the element is written without it -->
      <xsl:otherwise/>
    </xsl:choose>
  </xsl:template>
</xsl:stylesheet>
