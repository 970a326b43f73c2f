<?xml version="1.0" encoding="UTF-8"?>
<!--
  What both crosswalk directions share: the namespace URI of each module prefix, the class tables
  (generated from the official XSDs, crosswalk-tables.xsl) as maps, and the copy of content that
  has no ISO module (gml, foreign extensions), which keeps everything and only moves gml to 3.2 or
  back.
-->
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:map="http://www.w3.org/2005/xpath-functions/map" xmlns:cw="urn:geokatalog:crosswalk"
  exclude-result-prefixes="#all">

  <xsl:include href="crosswalk-tables.xsl"/>

  <!-- ISO 19115-3 namespace set of the output or input: '2018' (mdb/2.0 …) or '2016' (mdb/1.0) -->
  <xsl:param name="mdb-set" as="xs:string" select="'2018'"/>

  <xsl:variable name="cw:iso3-classes" as="map(xs:string, element())"
    select="map:merge(for $c in $iso3-classes return map:entry(string($c/@n), $c))"/>
  <xsl:variable name="cw:iso139-classes" as="map(xs:string, element())"
    select="map:merge(for $c in $iso139-classes return map:entry(string($c/@n), $c))"/>

  <xsl:variable name="cw:ISO3" select="'http://standards.iso.org/iso/19115/-3/'"/>
  <xsl:variable name="cw:V2-MODULES" select="('mdb', 'cit', 'mac', 'mds', 'mdt', 'mrc', 'mrl', 'msr')"/>
  <xsl:variable name="cw:GML32" select="'http://www.opengis.net/gml/3.2'"/>
  <xsl:variable name="cw:GML" select="'http://www.opengis.net/gml'"/>
  <xsl:variable name="cw:ISO139-NS" select="('http://www.isotc211.org/2005/gmd', 'http://www.isotc211.org/2005/gco',
    'http://www.isotc211.org/2005/gmx', 'http://www.isotc211.org/2005/srv', 'http://www.isotc211.org/2005/gts',
    'http://www.isotc211.org/2005/gmi', 'http://standards.iso.org/iso/19115/-2/gmi/1.0')"/>
  <xsl:variable name="cw:ISO3-MODULES" select="('mdb', 'cit', 'mac', 'mrc', 'mrl', 'msr', 'gco', 'gcx', 'gex', 'lan', 'mas', 'mcc',
    'mco', 'mex', 'mmi', 'mpc', 'mrd', 'mri', 'mrs', 'srv', 'mdq', 'gml', 'xlink', 'gmw')"/>

  <!-- ISO 19115-3 module prefix → namespace URI in the chosen set -->
  <xsl:function name="cw:ns3" as="xs:string">
    <xsl:param name="m" as="xs:string"/>
    <xsl:sequence select="
      if ($m = 'srv') then $cw:ISO3 || 'srv/2.0'
      else if ($m = 'mdq') then 'http://standards.iso.org/iso/19157/-2/mdq/1.0'
      else if ($m = 'gml') then $cw:GML32
      else if ($m = 'xlink') then 'http://www.w3.org/1999/xlink'
      else $cw:ISO3 || $m || (if ($m = $cw:V2-MODULES and $mdb-set = '2018') then '/2.0' else '/1.0')"/>
  </xsl:function>

  <!-- module prefix of an ISO 19115-3 namespace URI (either set), or '' -->
  <xsl:function name="cw:module3" as="xs:string">
    <xsl:param name="uri" as="xs:string"/>
    <xsl:sequence select="
      if (starts-with($uri, $cw:ISO3)) then replace(substring-after($uri, $cw:ISO3), '/.*$', '')
      else if (contains($uri, '19157/-2/mdq')) then 'mdq'
      else ''"/>
  </xsl:function>

  <!-- ISO 19139 module prefix → namespace URI (gmi: the 2005 namespace, which 19139 tools read) -->
  <xsl:function name="cw:ns139" as="xs:string">
    <xsl:param name="m" as="xs:string"/>
    <xsl:sequence select="
      if ($m = 'gml') then $cw:GML32
      else if ($m = 'xlink') then 'http://www.w3.org/1999/xlink'
      else 'http://www.isotc211.org/2005/' || $m"/>
  </xsl:function>

  <!-- the property names of a table row, in schema order -->
  <xsl:function name="cw:order" as="xs:integer">
    <xsl:param name="row" as="element()?"/>
    <xsl:param name="name" as="xs:string"/>
    <xsl:sequence select="(index-of(($row/p/@n) ! string(), $name), 9999)[1]"/>
  </xsl:function>

  <!-- property elements put in the order the class's schema gives (stable: repeated ones keep theirs) -->
  <xsl:template name="cw:ordered">
    <xsl:param name="row" as="element()?"/>
    <xsl:param name="kids" as="node()*"/>
    <xsl:perform-sort select="$kids">
      <xsl:sort select="if (. instance of element()) then cw:order($row, local-name()) else 0"/>
    </xsl:perform-sort>
  </xsl:template>

  <!-- gml of either version and content of no ISO module: copied whole; gml goes to the namespace
       the target schema uses ($gml-ns), attributes included -->
  <xsl:template match="*" mode="cw:copy">
    <xsl:param name="gml-ns" as="xs:string" tunnel="yes" select="$cw:GML32"/>
    <xsl:choose>
      <xsl:when test="namespace-uri() = ($cw:GML, $cw:GML32)">
        <xsl:element name="gml:{local-name()}" namespace="{$gml-ns}">
          <xsl:apply-templates select="@*" mode="cw:copy"/>
          <xsl:apply-templates select="node()" mode="cw:copy"/>
        </xsl:element>
      </xsl:when>
      <xsl:otherwise>
        <xsl:copy copy-namespaces="no">
          <xsl:apply-templates select="@*" mode="cw:copy"/>
          <xsl:apply-templates select="node()" mode="cw:copy"/>
        </xsl:copy>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>
  <xsl:template match="@*" mode="cw:copy">
    <xsl:param name="gml-ns" as="xs:string" tunnel="yes" select="$cw:GML32"/>
    <xsl:choose>
      <!-- a CRS axis's unit: gml:uom in GML 3.1, uom in GML 3.2 -->
      <xsl:when test="local-name() = 'uom' and namespace-uri() = $cw:GML and $gml-ns = $cw:GML32"><xsl:attribute name="uom" select="."/></xsl:when>
      <xsl:when test="name() = 'uom' and ../local-name() = 'CoordinateSystemAxis' and $gml-ns = $cw:GML"><xsl:attribute name="gml:uom" namespace="{$cw:GML}" select="."/></xsl:when>
      <xsl:when test="namespace-uri() = ($cw:GML, $cw:GML32)">
        <xsl:attribute name="gml:{local-name()}" namespace="{$gml-ns}" select="."/>
      </xsl:when>
      <xsl:otherwise><xsl:copy/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>
  <xsl:template match="text()|comment()|processing-instruction()" mode="cw:copy"><xsl:copy/></xsl:template>
</xsl:stylesheet>
