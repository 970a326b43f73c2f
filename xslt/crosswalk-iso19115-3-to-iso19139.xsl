<?xml version="1.0" encoding="UTF-8"?>
<!--
  ISO 19115-3 (mdb/2.0 or mdb/1.0 namespace set) → ISO 19139 (gmd/srv; gmi:MI_Metadata when the
  document has acquisition information or other ISO 19115-2 content). Written for geokatalog from
  the structure of ISO 19115:2003 / 19115-1 and their XML schemas; the inverse of
  crosswalk-iso19139-to-iso19115-3.xsl.

  The same walk as the other direction: classes are renamed where 19115:2003 named them otherwise
  and put in the module the 19139 XSD declares them in; properties follow their class and are
  written in the order of its schema (crosswalk-tables.xsl). 19115-1 is the richer model: an ISO
  property or class that 19139 has no place for is left out (it would make the document invalid),
  and docs/iso-crosswalks.md lists them. Content of no ISO module is copied as it is.
-->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:map="http://www.w3.org/2005/xpath-functions/map" xmlns:cw="urn:geokatalog:crosswalk"
  xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco"
  xmlns:gmx="http://www.isotc211.org/2005/gmx" xmlns:srv="http://www.isotc211.org/2005/srv"
  xmlns:gts="http://www.isotc211.org/2005/gts" xmlns:gmi="http://www.isotc211.org/2005/gmi"
  xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  exclude-result-prefixes="#all">

  <xsl:include href="crosswalk-common.xsl"/>
  <xsl:output method="xml" indent="no" encoding="UTF-8"/>

  <!-- 'gmi': always gmi:MI_Metadata; 'auto': gmi:MI_Metadata only for 19115-2 content -->
  <xsl:param name="root" as="xs:string" select="'auto'"/>
  <!-- the gml namespace of the 19139 document: GML 3.1 (what the 2006 19139 schemas and our own
       19139 renders use) unless told otherwise -->
  <xsl:param name="gml-ns" as="xs:string" select="'http://www.opengis.net/gml'"/>

  <xsl:variable name="CODELISTS" select="'http://standards.iso.org/iso/19139/resources/gmxCodelists.xml'"/>

  <!-- ISO 19115-1 class names that 19115:2003 / 19115-2 name otherwise -->
  <xsl:variable name="CLASS-RENAMES" as="map(xs:string, xs:string)" select="map {
    'CountryCode': 'Country', 'DQ_NonQuantitativeAttributeCorrectness': 'DQ_NonQuantitativeAttributeAccuracy',
    'DQ_UsabilityElement': 'QE_Usability', 'MD_SampleDimension': 'MD_Band', 'MD_AssociatedResource': 'MD_AggregateInformation',
    'CI_Responsibility': 'CI_ResponsibleParty', 'DQ_CoverageResult': 'QE_CoverageResult' }"/>

  <xsl:function name="cw:class139" as="xs:string">
    <xsl:param name="e" as="element()"/>
    <xsl:variable name="n" select="local-name($e)"/>
    <xsl:sequence select="
      if ($n = 'MD_Identifier' and ($e/parent::*[local-name() = ('referenceSystemIdentifier', 'verticalCRSId')] or $e/*[local-name() = ('codeSpace', 'version')])) then 'RS_Identifier'
      else if ($n = 'MD_Scope' and $e/parent::*[local-name() = ('scope')]/parent::*[local-name() = ('DQ_DataQuality', 'LI_Lineage')]) then 'DQ_Scope'
      else ($CLASS-RENAMES($n), $n)[1]"/>
  </xsl:function>
  <xsl:function name="cw:row139" as="element()?">
    <xsl:param name="class" as="xs:string"/>
    <xsl:sequence select="$cw:iso139-classes($class)"/>
  </xsl:function>
  <xsl:function name="cw:prop139" as="xs:string">
    <xsl:param name="p" as="element()"/>
    <xsl:variable name="c" select="local-name($p/..)"/>
    <xsl:variable name="n" select="local-name($p)"/>
    <xsl:sequence select="
      if ($n = 'language' and $c = 'PT_Locale') then 'languageCode'
      else if ($n = 'description' and $c = ('MD_RangeDimension', 'MD_Band', 'MI_Band', 'MD_SampleDimension')) then 'descriptor'
      else if ($n = 'distributedComputingPlatform') then 'DCP'
      else if ($n = 'parameter' and $c = 'SV_OperationMetadata') then 'parameters'
      else if ($n = 'valueRecordType') then 'valueType'
      else if ($n = 'associatedResource') then 'aggregationInfo'
      else $n"/>
  </xsl:function>

  <xsl:function name="cw:is-iso3" as="xs:boolean">
    <xsl:param name="e" as="node()"/>
    <xsl:sequence select="cw:module3(namespace-uri($e)) ne ''"/>
  </xsl:function>

  <!-- ============================== root ============================== -->
  <xsl:template match="/">
    <xsl:variable name="gmi" select="$root = 'gmi' or exists(//*[cw:module3(namespace-uri()) = 'mac'])
      or exists(//*[starts-with(local-name(), 'MI_') or starts-with(local-name(), 'LE_') or starts-with(local-name(), 'QE_')][cw:is-iso3(.)])"/>
    <xsl:variable name="out" as="element()">
      <xsl:apply-templates select="*" mode="class"><xsl:with-param name="as" select="if ($gmi) then 'MI_Metadata' else 'MD_Metadata'"/></xsl:apply-templates>
    </xsl:variable>
    <xsl:element name="{name($out)}" namespace="{namespace-uri($out)}">
      <xsl:for-each select="('gmd', 'gco', 'gmx', 'srv', 'gts', if ($gmi) then 'gmi' else ())">
        <xsl:namespace name="{.}" select="cw:ns139(.)"/>
      </xsl:for-each>
      <xsl:namespace name="gml" select="$gml-ns"/>
      <xsl:namespace name="xlink" select="'http://www.w3.org/1999/xlink'"/>
      <xsl:copy-of select="$out/@*, $out/node()"/>
    </xsl:element>
  </xsl:template>

  <!-- ============================== classes ============================== -->
  <xsl:template match="*" mode="class">
    <xsl:param name="as" as="xs:string" select="cw:class139(.)"/>
    <xsl:param name="extra" as="element()*" select="()"/>
    <xsl:variable name="row" select="cw:row139($as)"/>
    <xsl:choose>
      <xsl:when test="not(cw:is-iso3(.))"><xsl:apply-templates select="." mode="cw:copy"><xsl:with-param name="gml-ns" select="$gml-ns" tunnel="yes"/></xsl:apply-templates></xsl:when>
      <xsl:when test="exists($row)">
        <xsl:element name="{$row/@m}:{$as}" namespace="{cw:ns139($row/@m)}">
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
      <!-- a class 19139 does not have: nothing (its property is left out with it) -->
      <xsl:otherwise/>
    </xsl:choose>
  </xsl:template>

  <!-- gco values -->
  <xsl:template match="*[cw:module3(namespace-uri()) = 'gco']" mode="class value" priority="2">
    <xsl:choose>
      <xsl:when test="local-name() = 'TM_PeriodDuration'"><gts:TM_PeriodDuration><xsl:value-of select="."/></gts:TM_PeriodDuration></xsl:when>
      <xsl:otherwise>
        <xsl:element name="gco:{local-name()}" namespace="http://www.isotc211.org/2005/gco">
          <xsl:apply-templates select="@*" mode="attr"/>
          <xsl:apply-templates select="node()" mode="value"/>
        </xsl:element>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>
  <xsl:template match="*" mode="value"><xsl:apply-templates select="." mode="class"/></xsl:template>
  <xsl:template match="text()" mode="value"><xsl:copy/></xsl:template>
  <xsl:template match="*[cw:module3(namespace-uri()) = 'gcx']" mode="class" priority="2">
    <xsl:element name="gmx:{local-name()}" namespace="http://www.isotc211.org/2005/gmx">
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:value-of select="."/>
    </xsl:element>
  </xsl:template>
  <xsl:template match="*[local-name() = 'PT_FreeText'][cw:is-iso3(.)]" mode="class" priority="2">
    <gmd:PT_FreeText>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="*[local-name() = 'textGroup']">
        <gmd:textGroup>
          <xsl:apply-templates select="@*" mode="attr"/>
          <xsl:for-each select="*[local-name() = 'LocalisedCharacterString']">
            <gmd:LocalisedCharacterString><xsl:apply-templates select="@*" mode="attr"/><xsl:value-of select="."/></gmd:LocalisedCharacterString>
          </xsl:for-each>
        </gmd:textGroup>
      </xsl:for-each>
    </gmd:PT_FreeText>
  </xsl:template>

  <!-- CI_Responsibility → CI_ResponsibleParty (one per person; see the property template below) -->
  <xsl:template name="responsible-party">
    <xsl:param name="resp" as="element()"/>
    <xsl:param name="org" as="element()?"/>
    <xsl:param name="ind" as="element()?"/>
    <xsl:param name="ci" as="element()?"/>
    <gmd:CI_ResponsibleParty>
      <xsl:apply-templates select="$resp/@*" mode="attr"/>
      <xsl:for-each select="$ind/*[local-name() = 'name']">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'individualName'"/></xsl:apply-templates>
      </xsl:for-each>
      <xsl:for-each select="$org/*[local-name() = 'name']">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'organisationName'"/></xsl:apply-templates>
      </xsl:for-each>
      <xsl:for-each select="$ind/*[local-name() = 'positionName']">
        <xsl:apply-templates select="." mode="prop-of"/>
      </xsl:for-each>
      <xsl:for-each select="($ci, $ind/*[local-name() = 'contactInfo'], $org/*[local-name() = 'contactInfo'])[1]">
        <xsl:apply-templates select="." mode="prop-of"/>
      </xsl:for-each>
      <xsl:for-each select="$resp/*[local-name() = 'role']">
        <xsl:apply-templates select="." mode="prop-of"/>
      </xsl:for-each>
      <xsl:if test="empty($resp/*[local-name() = 'role'])"><gmd:role gco:nilReason="missing"/></xsl:if>
    </gmd:CI_ResponsibleParty>
  </xsl:template>

  <!-- MD_AssociatedResource → MD_AggregateInformation -->
  <xsl:template match="*[local-name() = 'MD_AssociatedResource'][cw:is-iso3(.)]" mode="class" priority="2">
    <gmd:MD_AggregateInformation>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:variable name="cit" select="*[local-name() = 'name']/*"/>
      <xsl:variable name="nil-title" select="exists($cit/*[local-name() = 'title'][@*:nilReason and not(*)])"/>
      <!-- an untitled citation is written as its identifier alone only when that is all it holds: cited
           parties (with their contacts and online resources), dates … keep the citation, its title nilled -->
      <xsl:variable name="more" select="exists($cit/*[not(local-name() = ('title', 'identifier'))])"/>
      <xsl:choose>
        <xsl:when test="$cit and (not($nil-title) or $more)">
          <gmd:aggregateDataSetName><xsl:apply-templates select="$cit" mode="class"/></gmd:aggregateDataSetName>
        </xsl:when>
        <xsl:otherwise>
          <xsl:for-each select="($cit, *[local-name() = 'metadataReference']/*)/*[local-name() = 'identifier'][1]">
            <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'aggregateDataSetIdentifier'"/></xsl:apply-templates>
          </xsl:for-each>
        </xsl:otherwise>
      </xsl:choose>
      <xsl:apply-templates select="*[local-name() = ('associationType', 'initiativeType')]" mode="prop"/>
    </gmd:MD_AggregateInformation>
  </xsl:template>

  <!-- MD_Format: the format specification's citation gives name, version, specification -->
  <xsl:template match="*[local-name() = 'MD_Format'][cw:is-iso3(.)]" mode="class" priority="2">
    <xsl:variable name="cit" select="*[local-name() = 'formatSpecificationCitation']/*"/>
    <gmd:MD_Format>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="$cit/*[local-name() = 'title']"><xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'name'"/></xsl:apply-templates></xsl:for-each>
      <xsl:if test="empty($cit/*[local-name() = 'title'])"><gmd:name gco:nilReason="missing"/></xsl:if>
      <xsl:for-each select="$cit/*[local-name() = 'edition']"><xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'version'"/></xsl:apply-templates></xsl:for-each>
      <xsl:if test="empty($cit/*[local-name() = 'edition'])"><gmd:version gco:nilReason="unknown"/></xsl:if>
      <xsl:apply-templates select="*[local-name() = 'amendmentNumber']" mode="prop"/>
      <xsl:for-each select="$cit/*[local-name() = 'alternateTitle'][1]"><xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'specification'"/></xsl:apply-templates></xsl:for-each>
      <xsl:apply-templates select="*[local-name() = ('fileDecompressionTechnique', 'formatDistributor')]" mode="prop"/>
    </gmd:MD_Format>
  </xsl:template>

  <!-- a data quality element: measure and evaluation method flattened back -->
  <xsl:template match="*[local-name() = 'report'][cw:is-iso3(.)]/*" mode="class" priority="3">
    <xsl:variable name="as" select="cw:class139(.)"/>
    <xsl:variable name="row" select="cw:row139($as)"/>
    <xsl:if test="exists($row)">
      <xsl:element name="{$row/@m}:{$as}" namespace="{cw:ns139($row/@m)}">
        <xsl:apply-templates select="@*" mode="attr"/>
        <xsl:variable name="measure" select="*[local-name() = 'measure']/*"/>
        <xsl:variable name="method" select="*[local-name() = 'evaluationMethod']/*"/>
        <xsl:for-each select="$measure/*[local-name() = 'nameOfMeasure'], $measure/*[local-name() = 'measureIdentification'],
          $measure/*[local-name() = 'measureDescription'][1], $method/*[local-name() = 'evaluationMethodType'],
          $method/*[local-name() = 'evaluationMethodDescription'], $method/*[local-name() = 'evaluationProcedure'],
          $method/*[local-name() = 'dateTime']">
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'gmd'"/></xsl:apply-templates>
        </xsl:for-each>
        <xsl:for-each select="*[local-name() = 'result'][*[local-name() = ('DQ_ConformanceResult', 'DQ_QuantitativeResult', 'DQ_CoverageResult')]]">
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'gmd'"/></xsl:apply-templates>
        </xsl:for-each>
      </xsl:element>
    </xsl:if>
  </xsl:template>

  <!-- coverage descriptions: the first attribute group's content type, every group's attributes -->
  <xsl:template match="*[local-name() = ('MD_CoverageDescription', 'MI_CoverageDescription', 'MD_ImageDescription', 'MI_ImageDescription')][cw:is-iso3(.)]" mode="class" priority="2">
    <xsl:variable name="groups" select="*[local-name() = 'attributeGroup']/*"/>
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:for-each select="($groups/*[local-name() = 'contentType'])[1]">
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'gmd'"/></xsl:apply-templates>
        </xsl:for-each>
        <xsl:if test="$groups and empty($groups/*[local-name() = 'contentType'])"><gmd:contentType gco:nilReason="unknown"/></xsl:if>
        <xsl:for-each select="$groups/*[local-name() = 'attribute']">
          <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'gmd'"/><xsl:with-param name="n" select="'dimension'"/></xsl:apply-templates>
        </xsl:for-each>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>

  <!-- ============================== properties ============================== -->
  <xsl:template match="*" mode="prop">
    <xsl:variable name="n" select="cw:prop139(.)"/>
    <xsl:variable name="row" select="cw:row139(cw:class139(..))"/>
    <xsl:variable name="p" select="$row/p[@n = $n]"/>
    <xsl:if test="exists($p)">
      <xsl:apply-templates select="." mode="prop-of">
        <xsl:with-param name="m" select="string($p/@m)"/>
        <xsl:with-param name="n" select="$n"/>
      </xsl:apply-templates>
    </xsl:if>
  </xsl:template>
  <!-- extensions inside ISO classes: kept as they are -->
  <xsl:template match="*[not(cw:is-iso3(.))]" mode="prop" priority="1">
    <xsl:apply-templates select="." mode="cw:copy"><xsl:with-param name="gml-ns" select="$gml-ns" tunnel="yes"/></xsl:apply-templates>
  </xsl:template>

  <!-- a property named $n in module $m; left out when its value is a class 19139 does not have -->
  <xsl:template match="*" mode="prop-of">
    <xsl:param name="m" as="xs:string" select="'gmd'"/>
    <xsl:param name="n" as="xs:string" select="cw:prop139(.)"/>
    <xsl:variable name="value" as="node()*"><xsl:apply-templates select="*" mode="class"/></xsl:variable>
    <xsl:if test="exists($value) or empty(*)">
      <xsl:element name="{$m}:{$n}" namespace="{cw:ns139($m)}">
        <xsl:apply-templates select="@*" mode="attr"/>
        <xsl:sequence select="$value"/>
      </xsl:element>
    </xsl:if>
  </xsl:template>

  <!-- a contactInfo (in the source's namespaces) whose CI_Contact holds only the given property -->
  <xsl:function name="cw:contact-with" as="element()">
    <xsl:param name="prop" as="element()"/>
    <xsl:variable name="ci" select="$prop/../.."/>
    <xsl:element name="{name($ci)}" namespace="{namespace-uri($ci)}">
      <xsl:element name="{name($prop/..)}" namespace="{namespace-uri($prop/..)}"><xsl:copy-of select="$prop"/></xsl:element>
    </xsl:element>
  </xsl:function>

  <!-- properties whose value is a responsibility: one 19139 responsible party per person -->
  <xsl:template match="*[*[local-name() = 'CI_Responsibility']]" mode="prop" priority="2">
    <xsl:variable name="n" select="cw:prop139(.)"/>
    <xsl:variable name="row" select="cw:row139(cw:class139(..))"/>
    <xsl:variable name="m" select="string(($row/p[@n = $n]/@m, $row/@m, 'gmd')[1])"/>
    <xsl:variable name="prop" select="."/>
    <xsl:if test="exists($row/p[@n = $n])">
      <!-- (a property holds one responsibility; a document that puts several in one is read as several) -->
      <xsl:variable name="people" as="element()*">
        <xsl:for-each select="*[local-name() = 'CI_Responsibility']">
          <xsl:variable name="resp" select="."/>
          <xsl:variable name="parties" select="*[local-name() = 'party']/*"/>
          <xsl:if test="empty($parties)"><cw:p><xsl:sequence select="$resp"/></cw:p></xsl:if>
          <xsl:for-each select="$parties">
            <!-- 19139 gives a party one contact: each further contact of a party is a party of its own -->
            <xsl:variable name="party" select="."/>
            <xsl:for-each select="*[local-name() = 'contactInfo'][position() gt 1]">
              <cw:p><xsl:sequence select="$resp, $party"/><cw:ci><xsl:sequence select="."/></cw:ci></cw:p>
            </xsl:for-each>
            <xsl:for-each select="*[local-name() = 'individual']/*/*[local-name() = 'contactInfo'][position() gt 1]">
              <cw:p><xsl:sequence select="$resp, $party, .."/><cw:ci><xsl:sequence select="."/></cw:ci></cw:p>
            </xsl:for-each>
            <!-- a 19139 contact has one online resource: each further one of a contact is a party of its
                 own too, with a contact holding only that online resource (nothing of the party dropped) -->
            <xsl:for-each select="*[local-name() = 'contactInfo']/*/*[local-name() = 'onlineResource'][position() gt 1]">
              <cw:p><xsl:sequence select="$resp, $party"/><cw:ci><xsl:sequence select="cw:contact-with(.)"/></cw:ci></cw:p>
            </xsl:for-each>
            <xsl:for-each select="*[local-name() = 'individual']/*/*[local-name() = 'contactInfo']/*/*[local-name() = 'onlineResource'][position() gt 1]">
              <cw:p><xsl:sequence select="$resp, $party, ../../.."/><cw:ci><xsl:sequence select="cw:contact-with(.)"/></cw:ci></cw:p>
            </xsl:for-each>
            <xsl:choose>
              <xsl:when test="local-name() = 'CI_Organisation' and *[local-name() = 'individual']">
                <!-- an organisation's own contact details, when its people have theirs: a party of its own -->
                <xsl:if test="*[local-name() = 'contactInfo'] and *[local-name() = 'individual']/*/*[local-name() = 'contactInfo']">
                  <cw:p><xsl:sequence select="$resp, ."/></cw:p>
                </xsl:if>
                <xsl:for-each select="*[local-name() = 'individual']/*">
                  <cw:p><xsl:sequence select="$resp, ../.., ."/></cw:p>
                </xsl:for-each>
              </xsl:when>
              <xsl:otherwise><cw:p><xsl:sequence select="$resp, ."/></cw:p></xsl:otherwise>
            </xsl:choose>
          </xsl:for-each>
        </xsl:for-each>
      </xsl:variable>
      <!-- a distributor has one contact in 19139 -->
      <xsl:for-each select="if ($n = 'distributorContact') then $people[1] else $people">
        <xsl:element name="{$m}:{$n}" namespace="{cw:ns139($m)}">
          <xsl:apply-templates select="$prop/@*" mode="attr"/>
          <xsl:call-template name="responsible-party">
            <xsl:with-param name="resp" select="*[local-name() = 'CI_Responsibility']"/>
            <xsl:with-param name="org" select="*[local-name() = 'CI_Organisation']"/>
            <xsl:with-param name="ind" select="*[local-name() = 'CI_Individual']"/>
            <xsl:with-param name="ci" select="cw:ci/*"/>
          </xsl:call-template>
        </xsl:element>
      </xsl:for-each>
    </xsl:if>
  </xsl:template>

  <!-- MD_Metadata's own properties -->
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'metadataIdentifier']" mode="prop" priority="2">
    <xsl:for-each select="(*/*[local-name() = 'code'])[1]">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'fileIdentifier'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'defaultLocale']
    | *[local-name() = ('MD_DataIdentification', 'SV_ServiceIdentification')]/*[local-name() = ('defaultLocale', 'otherLocale')]" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'language'][*]">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'language'"/></xsl:apply-templates>
    </xsl:for-each>
    <xsl:for-each select="*/*[local-name() = 'characterEncoding'][*]">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'characterSet'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'otherLocale']" mode="prop" priority="2">
    <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'locale'"/></xsl:apply-templates>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'parentMetadata']" mode="prop" priority="2">
    <xsl:variable name="code" select="(*/*[local-name() = 'identifier']/*/*[local-name() = 'code'])[1]"/>
    <xsl:choose>
      <xsl:when test="$code"><xsl:apply-templates select="$code" mode="prop-of"><xsl:with-param name="n" select="'parentIdentifier'"/></xsl:apply-templates></xsl:when>
      <xsl:when test="@uuidref"><gmd:parentIdentifier><gco:CharacterString><xsl:value-of select="@uuidref"/></gco:CharacterString></gmd:parentIdentifier></xsl:when>
      <xsl:when test="*/*[local-name() = 'title'][*]"><xsl:apply-templates select="*/*[local-name() = 'title']" mode="prop-of"><xsl:with-param name="n" select="'parentIdentifier'"/></xsl:apply-templates></xsl:when>
    </xsl:choose>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'metadataScope']" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'resourceScope'][*]">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'hierarchyLevel'"/></xsl:apply-templates>
    </xsl:for-each>
    <xsl:for-each select="*/*[local-name() = 'name']">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'hierarchyLevelName'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <!-- one date stamp: the creation date, else the first date -->
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'dateInfo']" mode="prop" priority="2">
    <xsl:variable name="all" select="../*[local-name() = 'dateInfo']"/>
    <xsl:variable name="chosen" select="($all[*/*[local-name() = 'dateType']/*/@codeListValue = 'creation'], $all)[1]"/>
    <xsl:if test=". is $chosen">
      <xsl:for-each select="*/*[local-name() = 'date']">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'dateStamp'"/></xsl:apply-templates>
      </xsl:for-each>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'metadataStandard']" mode="prop" priority="2">
    <xsl:if test="not(preceding-sibling::*[local-name() = 'metadataStandard'])">
      <xsl:for-each select="*/*[local-name() = 'title']">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'metadataStandardName'"/></xsl:apply-templates>
      </xsl:for-each>
      <xsl:for-each select="*/*[local-name() = 'edition']">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'metadataStandardVersion'"/></xsl:apply-templates>
      </xsl:for-each>
    </xsl:if>
  </xsl:template>
  <!-- the first resource's online resource is the data set URI (19139 citations have none) -->
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'identificationInfo'][1]" mode="prop" priority="2">
    <xsl:next-match/>
    <xsl:for-each select="(*/*[local-name() = 'citation']/*/*[local-name() = 'onlineResource']/*/*[local-name() = 'linkage'])[1]">
      <gmd:dataSetURI><gco:CharacterString><xsl:value-of select="."/></gco:CharacterString></gmd:dataSetURI>
    </xsl:for-each>
  </xsl:template>
  <!-- data quality and lineage: the i-th of each together again in one DQ_DataQuality -->
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'dataQualityInfo']" mode="prop" priority="2">
    <xsl:variable name="i" select="count(preceding-sibling::*[local-name() = 'dataQualityInfo']) + 1"/>
    <xsl:call-template name="data-quality">
      <xsl:with-param name="dq" select="*"/>
      <xsl:with-param name="lineage" select="../*[local-name() = 'resourceLineage'][$i]/*"/>
    </xsl:call-template>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'resourceLineage']" mode="prop" priority="2">
    <xsl:if test="count(preceding-sibling::*[local-name() = 'resourceLineage']) ge count(../*[local-name() = 'dataQualityInfo'])">
      <xsl:call-template name="data-quality"><xsl:with-param name="lineage" select="*"/></xsl:call-template>
    </xsl:if>
  </xsl:template>
  <xsl:template name="data-quality">
    <xsl:param name="dq" as="element()?"/>
    <xsl:param name="lineage" as="element()?"/>
    <gmd:dataQualityInfo>
      <gmd:DQ_DataQuality>
        <xsl:apply-templates select="$dq/@*" mode="attr"/>
        <xsl:variable name="scope" select="($dq/*[local-name() = 'scope'], $lineage/*[local-name() = 'scope'])[1]"/>
        <xsl:choose>
          <xsl:when test="$scope">
            <gmd:scope>
              <xsl:apply-templates select="$scope/@*" mode="attr"/>
              <xsl:apply-templates select="$scope/*" mode="class"><xsl:with-param name="as" select="'DQ_Scope'"/></xsl:apply-templates>
            </gmd:scope>
          </xsl:when>
          <xsl:otherwise><gmd:scope gco:nilReason="unknown"/></xsl:otherwise>
        </xsl:choose>
        <xsl:apply-templates select="$dq/*[local-name() = 'report']" mode="prop"/>
        <xsl:if test="$lineage">
          <gmd:lineage><xsl:apply-templates select="$lineage" mode="class"/></gmd:lineage>
        </xsl:if>
      </gmd:DQ_DataQuality>
    </gmd:dataQualityInfo>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_Metadata']/*[local-name() = 'acquisitionInformation']" mode="prop" priority="2">
    <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'gmi'"/></xsl:apply-templates>
  </xsl:template>

  <!-- contacts: every phone's numbers in one CI_Telephone; one address (with every mail address) -->
  <xsl:template match="*[local-name() = 'CI_Contact']/*[local-name() = 'phone']" mode="prop" priority="2">
    <xsl:if test="not(preceding-sibling::*[local-name() = 'phone'])">
      <xsl:variable name="tel" select="../*[local-name() = 'phone']/*"/>
      <gmd:phone>
        <gmd:CI_Telephone>
          <xsl:for-each select="$tel[not(*[local-name() = 'numberType']/*/@codeListValue = 'facsimile')]/*[local-name() = 'number']">
            <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'voice'"/></xsl:apply-templates>
          </xsl:for-each>
          <xsl:for-each select="$tel[*[local-name() = 'numberType']/*/@codeListValue = 'facsimile']/*[local-name() = 'number']">
            <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'facsimile'"/></xsl:apply-templates>
          </xsl:for-each>
        </gmd:CI_Telephone>
      </gmd:phone>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = 'CI_Contact']/*[local-name() = 'address']" mode="prop" priority="2">
    <xsl:if test="not(preceding-sibling::*[local-name() = 'address'])">
      <xsl:apply-templates select="." mode="prop-of">
        <xsl:with-param name="n" select="'address'"/>
      </xsl:apply-templates>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = 'CI_Contact']/*[local-name() = 'address'][1]/*" mode="class" priority="2">
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:for-each select="../../following-sibling::*[local-name() = 'address']/*/*[local-name() = 'electronicMailAddress']">
          <xsl:apply-templates select="." mode="prop-of"/>
        </xsl:for-each>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>
  <xsl:template match="*[local-name() = 'CI_Contact']/*[local-name() = ('onlineResource', 'hoursOfService')]" mode="prop" priority="2">
    <xsl:if test="not(preceding-sibling::*[local-name() = local-name(current())])"><xsl:next-match/></xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = 'CI_Citation']/*[local-name() = 'otherCitationDetails']" mode="prop" priority="2">
    <xsl:if test="not(preceding-sibling::*[local-name() = 'otherCitationDetails'])"><xsl:next-match/></xsl:if>
  </xsl:template>
  <!-- linkages are URLs in 19139 -->
  <xsl:template match="*[local-name() = 'linkage']" mode="prop" priority="2">
    <xsl:if test="not(preceding-sibling::*[local-name() = 'linkage'])">
      <gmd:linkage><xsl:apply-templates select="@*" mode="attr"/><xsl:if test="normalize-space(.)"><gmd:URL><xsl:value-of select="normalize-space(.)"/></gmd:URL></xsl:if></gmd:linkage>
    </xsl:if>
  </xsl:template>

  <!-- locales -->
  <xsl:template match="*[local-name() = 'MD_FeatureCatalogueDescription']/*[local-name() = 'locale']" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'language'][*]">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'language'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_FeatureCatalogueDescription']/*[local-name() = 'featureTypes']" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'featureTypeName']">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'featureTypes'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = 'LanguageCode'][cw:is-iso3(.)]" mode="class" priority="2">
    <gmd:LanguageCode><xsl:apply-templates select="@*" mode="attr"/><xsl:value-of select="."/></gmd:LanguageCode>
  </xsl:template>

  <xsl:template match="*[local-name() = 'MD_FeatureCatalogueDescription'][cw:is-iso3(.)]" mode="class" priority="2">
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:if test="empty(*[local-name() = 'includedWithDataset'])"><gmd:includedWithDataset gco:nilReason="unknown"/></xsl:if>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>
  <!-- a 19139 citation has at least one date -->
  <xsl:template match="*[local-name() = 'CI_Citation'][cw:is-iso3(.)]" mode="class" priority="2">
    <xsl:param name="extra" as="element()*" select="()"/>
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:sequence select="$extra"/>
        <xsl:if test="empty(*[local-name() = 'date'])"><gmd:date gco:nilReason="missing"/></xsl:if>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>
  <!-- 19115-1's "centre" is spelled "center" in 19115:2003 -->
  <xsl:template match="*[local-name() = 'MD_PixelOrientationCode']/text()[normalize-space() = 'centre']" mode="value">center</xsl:template>

  <!-- a medium's name: a citation in 19115-1, a code in 19139 -->
  <xsl:template match="*[local-name() = 'MD_Medium']/*[local-name() = 'name']" mode="prop" priority="2">
    <xsl:variable name="v" select="normalize-space((.//*[local-name() = 'title'])[1])"/>
    <xsl:if test="$v">
      <gmd:name><gmd:MD_MediumNameCode codeList="{$CODELISTS}#MD_MediumNameCode" codeListValue="{$v}"/></gmd:name>
    </xsl:if>
  </xsl:template>

  <!-- maintenance -->
  <xsl:template match="*[local-name() = 'MD_MaintenanceInformation']/*[local-name() = 'maintenanceDate']" mode="prop" priority="2">
    <xsl:if test="*/*[local-name() = 'dateType']/*/@codeListValue = 'nextUpdate' and not(preceding-sibling::*[local-name() = 'maintenanceDate'][*/*[local-name() = 'dateType']/*/@codeListValue = 'nextUpdate'])">
      <gmd:dateOfNextUpdate>
        <xsl:for-each select="*/*[local-name() = 'date']/*">
          <gco:DateTime><xsl:value-of select="if (contains(., 'T')) then string(.) else . || 'T00:00:00'"/></gco:DateTime>
        </xsl:for-each>
      </gmd:dateOfNextUpdate>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_MaintenanceInformation']/*[local-name() = 'maintenanceScope']" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'level'][*]">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'updateScope'"/></xsl:apply-templates>
    </xsl:for-each>
    <xsl:for-each select="*/*[local-name() = 'levelDescription']">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'updateScopeDescription'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[local-name() = 'MD_MaintenanceInformation'][cw:is-iso3(.)]" mode="class" priority="2">
    <xsl:next-match>
      <xsl:with-param name="extra" as="element()*">
        <xsl:if test="empty(*[local-name() = 'maintenanceAndUpdateFrequency'])"><gmd:maintenanceAndUpdateFrequency gco:nilReason="unknown"/></xsl:if>
      </xsl:with-param>
    </xsl:next-match>
  </xsl:template>

  <!-- lineage -->
  <xsl:template match="*[ends-with(local-name(), 'ProcessStep')]/*[local-name() = 'stepDateTime']" mode="prop" priority="2">
    <xsl:variable name="t" select="(.//*[local-name() = ('timePosition', 'beginPosition')])[1]"/>
    <xsl:if test="normalize-space($t)">
      <gmd:dateTime><gco:DateTime><xsl:value-of select="if (contains($t, 'T')) then normalize-space($t) else normalize-space($t) || 'T00:00:00'"/></gco:DateTime></gmd:dateTime>
    </xsl:if>
  </xsl:template>
  <xsl:template match="*[ends-with(local-name(), '_Source')]/*[local-name() = 'sourceSpatialResolution']" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'equivalentScale']">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'scaleDenominator'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>
  <xsl:template match="*[ends-with(local-name(), '_Source')]/*[local-name() = 'scope']" mode="prop" priority="2">
    <xsl:for-each select="*/*[local-name() = 'extent']">
      <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="n" select="'sourceExtent'"/></xsl:apply-templates>
    </xsl:for-each>
  </xsl:template>

  <!-- services -->
  <xsl:template match="*[local-name() = 'SV_ServiceIdentification']/*[local-name() = 'serviceType']" mode="prop" priority="2">
    <srv:serviceType>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="*"><gco:LocalName><xsl:apply-templates select="@*" mode="attr"/><xsl:value-of select="."/></gco:LocalName></xsl:for-each>
    </srv:serviceType>
  </xsl:template>
  <xsl:template match="*[local-name() = 'SV_CoupledResource'][cw:is-iso3(.)]" mode="class" priority="2">
    <srv:SV_CoupledResource>
      <xsl:apply-templates select="@*" mode="attr"/>
      <xsl:for-each select="*[local-name() = 'operation']/*/*[local-name() = 'operationName']">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'srv'"/></xsl:apply-templates>
      </xsl:for-each>
      <xsl:for-each select="(*[local-name() = 'resourceReference']/*/*[local-name() = 'identifier']/*/*[local-name() = 'code'])[1]">
        <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'srv'"/><xsl:with-param name="n" select="'identifier'"/></xsl:apply-templates>
      </xsl:for-each>
      <xsl:for-each select="*[local-name() = 'scopedName']/*"><xsl:apply-templates select="." mode="class"/></xsl:for-each>
    </srv:SV_CoupledResource>
  </xsl:template>
  <xsl:template match="*[local-name() = 'SV_ServiceIdentification']/*[local-name() = 'resourceConstraints']" mode="prop" priority="2">
    <xsl:apply-templates select="." mode="prop-of"><xsl:with-param name="m" select="'gmd'"/></xsl:apply-templates>
  </xsl:template>

  <!-- a vertical extent's reference system named by a URI is a link to the CRS -->
  <xsl:template match="*[local-name() = 'EX_VerticalExtent']/*[local-name() = 'verticalCRSId']" mode="prop" priority="2">
    <xsl:variable name="code" select="normalize-space((.//*[local-name() = 'code'])[1])"/>
    <xsl:if test="$code and not(../*[local-name() = 'verticalCRS'])">
      <gmd:verticalCRS xlink:href="{$code}"/>
    </xsl:if>
  </xsl:template>

  <!-- ============================== attributes ============================== -->
  <xsl:template match="@*" mode="attr"><xsl:copy/></xsl:template>
  <xsl:template match="@xsi:schemaLocation" mode="attr"/>
  <xsl:template match="@*[cw:module3(namespace-uri()) = 'gco']" mode="attr">
    <xsl:attribute name="gco:{local-name()}" namespace="http://www.isotc211.org/2005/gco" select="."/>
  </xsl:template>
  <xsl:template match="@*[namespace-uri() = ($cw:GML, $cw:GML32)]" mode="attr">
    <xsl:attribute name="gml:{local-name()}" namespace="{$gml-ns}" select="."/>
  </xsl:template>
  <xsl:template match="@codeList[not(../local-name() = ('LanguageCode', 'CountryCode'))]" mode="attr">
    <xsl:attribute name="codeList" select="$CODELISTS || '#' || cw:class139(..)"/>
  </xsl:template>
  <xsl:template match="@xsi:type" mode="attr">
    <xsl:variable name="local" select="replace(., '^.*:', '')"/>
    <xsl:variable name="class" select="replace($local, '_(Property)?Type$', '')"/>
    <xsl:variable name="row" select="cw:row139(($CLASS-RENAMES($class), $class)[1])"/>
    <xsl:choose>
      <xsl:when test="not(contains(., ':')) or cw:module3(string(namespace-uri-for-prefix(substring-before(., ':'), ..))) = ''"><xsl:copy/></xsl:when>
      <xsl:when test="exists($row)">
        <xsl:attribute name="xsi:type" select="$row/@m || ':' || $row/@n || substring-after($local, $class)"/>
      </xsl:when>
      <xsl:otherwise/>
    </xsl:choose>
  </xsl:template>
</xsl:stylesheet>
