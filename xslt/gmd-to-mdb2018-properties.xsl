<?xml version="1.0" encoding="UTF-8"?>
<!-- the shared pieces: responsible parties, contacts, locales, identifiers, and the
     rule that turns a 19139 property (value or nil reason) into its 19115-3 counterpart.
     A module of gmd-to-mdb2018.xsl. -->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  xmlns:ogco="http://www.isotc211.org/2005/gco"
  xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"
  xmlns:lan="http://standards.iso.org/iso/19115/-3/lan/1.0"
  xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0"
  xmlns:mco="http://standards.iso.org/iso/19115/-3/mco/1.0"
  xmlns:mmi="http://standards.iso.org/iso/19115/-3/mmi/1.0"
  xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0"
  xmlns:mdq="http://standards.iso.org/iso/19157/-2/mdq/1.0"
  xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"
  xmlns:gmx="http://www.isotc211.org/2005/gmx"
  xmlns:gcx="http://standards.iso.org/iso/19115/-3/gcx/1.0"
  xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:osrv="http://www.isotc211.org/2005/srv"
  xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0"
  exclude-result-prefixes="#all">

  <xsl:variable name="CL" select="'https://standards.iso.org/iso/19115/resources/Codelists/cat/codelists.xml#'"/>

  <!-- gmd:CI_ResponsibleParty (or a nil contact) → cit:CI_Responsibility with an organisation and its individual -->
  <xsl:template match="*" mode="party">
    <xsl:variable name="rp" select="gmd:CI_ResponsibleParty"/>
    <xsl:choose>
      <xsl:when test="not($rp)"><xsl:attribute name="gco:nilReason" select="(@ogco:nilReason, 'missing')[1]"/></xsl:when>
      <xsl:otherwise>
        <cit:CI_Responsibility>
          <cit:role><xsl:apply-templates select="$rp/gmd:role" mode="prop"/></cit:role>
          <cit:party>
            <xsl:choose>
              <xsl:when test="$rp/gmd:organisationName">
                <cit:CI_Organisation>
                  <cit:name><xsl:apply-templates select="$rp/gmd:organisationName" mode="prop"/></cit:name>
                  <xsl:apply-templates select="$rp/gmd:contactInfo/gmd:CI_Contact"/>
                  <xsl:if test="$rp/gmd:individualName or $rp/gmd:positionName">
                    <cit:individual><xsl:call-template name="individual"><xsl:with-param name="rp" select="$rp"/></xsl:call-template></cit:individual>
                  </xsl:if>
                </cit:CI_Organisation>
              </xsl:when>
              <xsl:otherwise>
                <xsl:call-template name="individual"><xsl:with-param name="rp" select="$rp"/><xsl:with-param name="contact" select="true()"/></xsl:call-template>
              </xsl:otherwise>
            </xsl:choose>
          </cit:party>
        </cit:CI_Responsibility>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template name="individual">
    <xsl:param name="rp" as="element()"/>
    <xsl:param name="contact" as="xs:boolean" select="false()"/>
    <cit:CI_Individual>
      <xsl:for-each select="$rp/gmd:individualName"><cit:name><xsl:apply-templates select="." mode="prop"/></cit:name></xsl:for-each>
      <xsl:if test="$contact"><xsl:apply-templates select="$rp/gmd:contactInfo/gmd:CI_Contact"/></xsl:if>
      <xsl:for-each select="$rp/gmd:positionName"><cit:positionName><xsl:apply-templates select="." mode="prop"/></cit:positionName></xsl:for-each>
    </cit:CI_Individual>
  </xsl:template>

  <xsl:template match="gmd:CI_Contact">
    <cit:contactInfo>
      <cit:CI_Contact>
        <xsl:for-each select="gmd:phone/gmd:CI_Telephone/gmd:voice">
          <cit:phone><cit:CI_Telephone>
            <cit:number><xsl:apply-templates select="." mode="prop"/></cit:number>
            <cit:numberType><cit:CI_TelephoneTypeCode codeList="{$CL}CI_TelephoneTypeCode" codeListValue="voice">voice</cit:CI_TelephoneTypeCode></cit:numberType>
          </cit:CI_Telephone></cit:phone>
        </xsl:for-each>
        <xsl:for-each select="gmd:address/gmd:CI_Address">
          <cit:address>
            <cit:CI_Address>
              <xsl:for-each select="gmd:deliveryPoint"><cit:deliveryPoint><xsl:apply-templates select="." mode="prop"/></cit:deliveryPoint></xsl:for-each>
              <xsl:for-each select="gmd:electronicMailAddress"><cit:electronicMailAddress><xsl:apply-templates select="." mode="prop"/></cit:electronicMailAddress></xsl:for-each>
            </cit:CI_Address>
          </cit:address>
        </xsl:for-each>
        <!-- CI_Contact's order: phone, address, onlineResource (the contact's web page, issue 20 §5) -->
        <xsl:for-each select="gmd:onlineResource/gmd:CI_OnlineResource[gmd:linkage/gmd:URL]">
          <cit:onlineResource><cit:CI_OnlineResource>
            <cit:linkage><gco:CharacterString><xsl:value-of select="gmd:linkage/gmd:URL"/></gco:CharacterString></cit:linkage>
          </cit:CI_OnlineResource></cit:onlineResource>
        </xsl:for-each>
      </cit:CI_Contact>
    </cit:contactInfo>
  </xsl:template>

  <!-- context: a gmd:language holding a LanguageCode -->
  <xsl:template name="locale">
    <lan:PT_Locale>
      <lan:language>
        <lan:LanguageCode codeList="{gmd:LanguageCode/@codeList}" codeListValue="{gmd:LanguageCode/@codeListValue}"><xsl:value-of select="gmd:LanguageCode/@codeListValue"/></lan:LanguageCode>
      </lan:language>
      <lan:characterEncoding>
        <lan:MD_CharacterSetCode codeList="{$CL}MD_CharacterSetCode" codeListValue="utf8">utf8</lan:MD_CharacterSetCode>
      </lan:characterEncoding>
    </lan:PT_Locale>
  </xsl:template>

  <!-- context: a gmd:MD_Identifier or gmd:RS_Identifier -->
  <xsl:template name="identifier">
    <mcc:MD_Identifier>
      <mcc:code><xsl:apply-templates select="gmd:code" mode="prop"/></mcc:code>
      <xsl:for-each select="gmd:codeSpace"><mcc:codeSpace><xsl:apply-templates select="." mode="prop"/></mcc:codeSpace></xsl:for-each>
    </mcc:MD_Identifier>
  </xsl:template>

  <!-- A 19139 property → the content of the matching 19115-3 property: its value in the new
       gco/code-list namespaces, or its nil reason. A gco:CharacterString, most of the values,
       is written here: a template-rule dispatch per value cost SaxonJS 3–6 % of the transform. -->
  <xsl:template match="*" mode="prop">
    <xsl:if test="@ogco:nilReason"><xsl:attribute name="gco:nilReason" select="@ogco:nilReason"/></xsl:if>
    <!-- a translated text (PT_FreeText, issue 19 §4): the 19115-3 property type, whose prefix lan the root declares -->
    <xsl:if test="gmd:PT_FreeText"><xsl:attribute name="xsi:type" select="'lan:PT_FreeText_PropertyType'"/></xsl:if>
    <xsl:for-each select="*">
      <xsl:choose>
        <xsl:when test="self::ogco:CharacterString"><gco:CharacterString><xsl:value-of select="."/></gco:CharacterString></xsl:when>
        <xsl:otherwise><xsl:apply-templates select="." mode="value"/></xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
  </xsl:template>

  <!-- literal result elements only: computed element names make SaxonJS rebuild a namespace
       resolver on every evaluation, which costs more than the rest of the transform -->
  <!-- a keyword or thesaurus title written as gmx:Anchor keeps its URI: gcx:Anchor stands where
       gco:CharacterString may (the root declares gcx and xlink) -->
  <xsl:template match="gmx:Anchor" mode="value"><gcx:Anchor xlink:href="{@xlink:href}"><xsl:value-of select="."/></gcx:Anchor></xsl:template>
  <xsl:template match="gmd:PT_FreeText" mode="value">
    <lan:PT_FreeText>
      <xsl:for-each select="gmd:textGroup/gmd:LocalisedCharacterString">
        <lan:textGroup><lan:LocalisedCharacterString locale="{@locale}"><xsl:value-of select="."/></lan:LocalisedCharacterString></lan:textGroup>
      </xsl:for-each>
    </lan:PT_FreeText>
  </xsl:template>
  <xsl:template match="ogco:Date" mode="value"><gco:Date><xsl:value-of select="."/></gco:Date></xsl:template>
  <xsl:template match="ogco:DateTime" mode="value"><gco:DateTime><xsl:value-of select="."/></gco:DateTime></xsl:template>
  <xsl:template match="ogco:Decimal" mode="value"><gco:Decimal><xsl:value-of select="."/></gco:Decimal></xsl:template>
  <xsl:template match="ogco:Integer" mode="value"><gco:Integer><xsl:value-of select="."/></gco:Integer></xsl:template>
  <xsl:template match="ogco:Boolean" mode="value"><gco:Boolean><xsl:value-of select="."/></gco:Boolean></xsl:template>
  <xsl:template match="ogco:Real" mode="value"><gco:Real><xsl:value-of select="."/></gco:Real></xsl:template>
  <xsl:template match="ogco:Distance" mode="value"><gco:Distance uom="{@uom}"><xsl:value-of select="."/></gco:Distance></xsl:template>

  <!-- code lists: same value, the 19115-3 module of the list, the 19115-3 code-list catalogue -->
  <xsl:template match="gmd:CI_RoleCode" mode="value"><cit:CI_RoleCode codeList="{$CL}CI_RoleCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></cit:CI_RoleCode></xsl:template>
  <xsl:template match="gmd:CI_DateTypeCode" mode="value"><cit:CI_DateTypeCode codeList="{$CL}CI_DateTypeCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></cit:CI_DateTypeCode></xsl:template>
  <xsl:template match="gmd:MD_ProgressCode" mode="value"><mcc:MD_ProgressCode codeList="{$CL}MD_ProgressCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mcc:MD_ProgressCode></xsl:template>
  <xsl:template match="gmd:MD_ScopeCode" mode="value"><mcc:MD_ScopeCode codeList="{$CL}MD_ScopeCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mcc:MD_ScopeCode></xsl:template>
  <xsl:template match="gmd:MD_SpatialRepresentationTypeCode" mode="value"><mcc:MD_SpatialRepresentationTypeCode codeList="{$CL}MD_SpatialRepresentationTypeCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mcc:MD_SpatialRepresentationTypeCode></xsl:template>
  <xsl:template match="gmd:MD_MaintenanceFrequencyCode" mode="value"><mmi:MD_MaintenanceFrequencyCode codeList="{$CL}MD_MaintenanceFrequencyCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mmi:MD_MaintenanceFrequencyCode></xsl:template>
  <xsl:template match="gmd:MD_KeywordTypeCode" mode="value"><mri:MD_KeywordTypeCode codeList="{$CL}MD_KeywordTypeCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mri:MD_KeywordTypeCode></xsl:template>
  <xsl:template match="gmd:MD_RestrictionCode" mode="value"><mco:MD_RestrictionCode codeList="{$CL}MD_RestrictionCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mco:MD_RestrictionCode></xsl:template>
  <xsl:template match="gmd:MD_ClassificationCode" mode="value"><mco:MD_ClassificationCode codeList="{$CL}MD_ClassificationCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mco:MD_ClassificationCode></xsl:template>
  <xsl:template match="gmd:DS_AssociationTypeCode" mode="value"><mri:DS_AssociationTypeCode codeList="{$CL}DS_AssociationTypeCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mri:DS_AssociationTypeCode></xsl:template>
  <xsl:template match="gmd:MD_CharacterSetCode" mode="value"><lan:MD_CharacterSetCode codeList="{$CL}MD_CharacterSetCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></lan:MD_CharacterSetCode></xsl:template>
  <xsl:template match="gmd:DQ_EvaluationMethodTypeCode" mode="value"><mdq:DQ_EvaluationMethodTypeCode codeList="{$CL}DQ_EvaluationMethodTypeCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></mdq:DQ_EvaluationMethodTypeCode></xsl:template>

  <xsl:template match="gmd:CI_OnLineFunctionCode" mode="value"><cit:CI_OnLineFunctionCode codeList="{$CL}CI_OnLineFunctionCode" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></cit:CI_OnLineFunctionCode></xsl:template>
  <xsl:template match="osrv:SV_CouplingType" mode="value"><srv:SV_CouplingType codeList="{$CL}SV_CouplingType" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></srv:SV_CouplingType></xsl:template>
  <xsl:template match="osrv:DCPList" mode="value"><srv:DCPList codeList="{$CL}DCPList" codeListValue="{@codeListValue}"><xsl:value-of select="@codeListValue"/></srv:DCPList></xsl:template>

  <!-- gmd:locale/gmd:PT_Locale → lan:PT_Locale with the same id (the LocalisedCharacterStrings point at it) -->
  <xsl:template match="gmd:PT_Locale">
    <lan:PT_Locale id="{@id}">
      <lan:language>
        <lan:LanguageCode codeList="{gmd:languageCode/gmd:LanguageCode/@codeList}" codeListValue="{gmd:languageCode/gmd:LanguageCode/@codeListValue}"><xsl:value-of select="gmd:languageCode/gmd:LanguageCode/@codeListValue"/></lan:LanguageCode>
      </lan:language>
      <lan:characterEncoding>
        <lan:MD_CharacterSetCode codeList="{$CL}MD_CharacterSetCode" codeListValue="utf8">utf8</lan:MD_CharacterSetCode>
      </lan:characterEncoding>
    </lan:PT_Locale>
  </xsl:template>

  <xsl:template match="*" mode="value"/>
</xsl:stylesheet>
