<?xml version="1.0" encoding="UTF-8"?>
<!-- gmd:identificationInfo → mdb:identificationInfo: citation, abstract, contacts, resolution, topics,
     extent, maintenance, overview, keywords, constraints, associated resources.
     A module of gmd-to-mdb2018.xsl. -->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:gmd="http://www.isotc211.org/2005/gmd"
  xmlns:ogco="http://www.isotc211.org/2005/gco"
  xmlns:ogml="http://www.opengis.net/gml"
  xmlns:cit="http://standards.iso.org/iso/19115/-3/cit/2.0"
  xmlns:gex="http://standards.iso.org/iso/19115/-3/gex/1.0"
  xmlns:mcc="http://standards.iso.org/iso/19115/-3/mcc/1.0"
  xmlns:mco="http://standards.iso.org/iso/19115/-3/mco/1.0"
  xmlns:mmi="http://standards.iso.org/iso/19115/-3/mmi/1.0"
  xmlns:mri="http://standards.iso.org/iso/19115/-3/mri/1.0"
  xmlns:srv="http://standards.iso.org/iso/19115/-3/srv/2.0"
  xmlns:gco="http://standards.iso.org/iso/19115/-3/gco/1.0"
  xmlns:gml="http://www.opengis.net/gml/3.2"
  xmlns:osrv="http://www.isotc211.org/2005/srv"
  xmlns:oxlink="http://www.w3.org/1999/xlink"
  xmlns:mrs="http://standards.iso.org/iso/19115/-3/mrs/1.0"
  exclude-result-prefixes="#all">

  <xsl:template name="identification-common">
    <mri:citation><xsl:apply-templates select="gmd:citation/gmd:CI_Citation"/></mri:citation>
    <mri:abstract><xsl:apply-templates select="gmd:abstract" mode="prop"/></mri:abstract>
    <xsl:for-each select="gmd:purpose"><mri:purpose><xsl:apply-templates select="." mode="prop"/></mri:purpose></xsl:for-each>
    <xsl:for-each select="gmd:status"><mri:status><xsl:apply-templates select="." mode="prop"/></mri:status></xsl:for-each>
    <xsl:for-each select="gmd:pointOfContact"><mri:pointOfContact><xsl:apply-templates select="." mode="party"/></mri:pointOfContact></xsl:for-each>
    <xsl:if test="self::osrv:SV_ServiceIdentification and normalize-space($service-representation)">
      <mri:spatialRepresentationType><mcc:MD_SpatialRepresentationTypeCode codeList="{$CL}MD_SpatialRepresentationTypeCode" codeListValue="{$service-representation}"><xsl:value-of select="$service-representation"/></mcc:MD_SpatialRepresentationTypeCode></mri:spatialRepresentationType>
    </xsl:if>
    <xsl:for-each select="gmd:spatialRepresentationType">
      <mri:spatialRepresentationType><xsl:apply-templates select="." mode="prop"/></mri:spatialRepresentationType>
    </xsl:for-each>
    <xsl:for-each select="gmd:spatialResolution/gmd:MD_Resolution">
      <mri:spatialResolution>
        <mri:MD_Resolution>
          <xsl:for-each select="gmd:equivalentScale/gmd:MD_RepresentativeFraction">
            <mri:equivalentScale><mri:MD_RepresentativeFraction>
              <mri:denominator><xsl:apply-templates select="gmd:denominator" mode="prop"/></mri:denominator>
            </mri:MD_RepresentativeFraction></mri:equivalentScale>
          </xsl:for-each>
          <xsl:for-each select="gmd:distance"><mri:distance><xsl:apply-templates select="." mode="prop"/></mri:distance></xsl:for-each>
        </mri:MD_Resolution>
      </mri:spatialResolution>
    </xsl:for-each>
    <xsl:if test="self::osrv:SV_ServiceIdentification">
      <xsl:for-each select="tokenize($service-resolutions)">
        <xsl:variable name="part" select="tokenize(., ':')"/>
        <mri:spatialResolution>
          <mri:MD_Resolution>
            <xsl:choose>
              <xsl:when test="$part[1] = 'scale'">
                <mri:equivalentScale><mri:MD_RepresentativeFraction><mri:denominator><gco:Integer><xsl:value-of select="$part[2]"/></gco:Integer></mri:denominator></mri:MD_RepresentativeFraction></mri:equivalentScale>
              </xsl:when>
              <xsl:otherwise><mri:distance><gco:Distance uom="{string-join(subsequence($part, 3), ':')}"><xsl:value-of select="$part[2]"/></gco:Distance></mri:distance></xsl:otherwise>
            </xsl:choose>
          </mri:MD_Resolution>
        </mri:spatialResolution>
      </xsl:for-each>
    </xsl:if>
    <xsl:for-each select="gmd:topicCategory/gmd:MD_TopicCategoryCode">
      <mri:topicCategory><mri:MD_TopicCategoryCode><xsl:value-of select="."/></mri:MD_TopicCategoryCode></mri:topicCategory>
    </xsl:for-each>
    <xsl:if test="self::osrv:SV_ServiceIdentification">
      <xsl:for-each select="tokenize($service-topics)">
        <mri:topicCategory><mri:MD_TopicCategoryCode><xsl:value-of select="."/></mri:MD_TopicCategoryCode></mri:topicCategory>
      </xsl:for-each>
    </xsl:if>
    <!-- a service's extent is srv:extent in ISO 19139 -->
    <xsl:apply-templates select="(gmd:extent|osrv:extent)/gmd:EX_Extent"/>
    <xsl:for-each select="gmd:resourceMaintenance/gmd:MD_MaintenanceInformation">
      <mri:resourceMaintenance>
        <mmi:MD_MaintenanceInformation>
          <mmi:maintenanceAndUpdateFrequency><xsl:apply-templates select="gmd:maintenanceAndUpdateFrequency" mode="prop"/></mmi:maintenanceAndUpdateFrequency>
        </mmi:MD_MaintenanceInformation>
      </mri:resourceMaintenance>
    </xsl:for-each>
    <xsl:for-each select="gmd:graphicOverview/gmd:MD_BrowseGraphic">
      <mri:graphicOverview>
        <mcc:MD_BrowseGraphic>
          <mcc:fileName><xsl:apply-templates select="gmd:fileName" mode="prop"/></mcc:fileName>
          <xsl:for-each select="gmd:fileDescription"><mcc:fileDescription><xsl:apply-templates select="." mode="prop"/></mcc:fileDescription></xsl:for-each>
        </mcc:MD_BrowseGraphic>
      </mri:graphicOverview>
    </xsl:for-each>
    <xsl:apply-templates select="gmd:descriptiveKeywords/gmd:MD_Keywords"/>
    <xsl:apply-templates select="gmd:resourceConstraints/*"/>
    <xsl:for-each select="gmd:aggregationInfo/gmd:MD_AggregateInformation">
      <mri:associatedResource>
        <mri:MD_AssociatedResource>
          <xsl:choose>
            <!-- a named resource: its title, and its identifier as the citation's identifier -->
            <xsl:when test="gmd:aggregateDataSetName/gmd:CI_Citation">
              <mri:name>
                <cit:CI_Citation>
                  <cit:title><xsl:apply-templates select="gmd:aggregateDataSetName/gmd:CI_Citation/gmd:title" mode="prop"/></cit:title>
                  <xsl:for-each select="gmd:aggregateDataSetIdentifier/*">
                    <cit:identifier><xsl:call-template name="identifier"/></cit:identifier>
                  </xsl:for-each>
                </cit:CI_Citation>
              </mri:name>
            </xsl:when>
            <xsl:otherwise>
              <!-- an unnamed resource: no title is invented; its identifier is the citation's identifier -->
              <mri:name>
                <cit:CI_Citation>
                  <cit:title gco:nilReason="unknown"/>
                  <xsl:for-each select="gmd:aggregateDataSetIdentifier/*">
                    <cit:identifier><xsl:call-template name="identifier"/></cit:identifier>
                  </xsl:for-each>
                </cit:CI_Citation>
              </mri:name>
            </xsl:otherwise>
          </xsl:choose>
          <mri:associationType><xsl:apply-templates select="gmd:associationType" mode="prop"/></mri:associationType>
        </mri:MD_AssociatedResource>
      </mri:associatedResource>
    </xsl:for-each>
  </xsl:template>

  <xsl:template name="data-identification">
    <mri:MD_DataIdentification>
      <xsl:call-template name="identification-common"/>
      <xsl:for-each select="gmd:language[gmd:LanguageCode][1]">
        <mri:defaultLocale><xsl:call-template name="locale"/></mri:defaultLocale>
      </xsl:for-each>
    </mri:MD_DataIdentification>
  </xsl:template>

  <xsl:template name="service-identification">
    <xsl:variable name="protocol" select="upper-case(string((/gmd:MD_Metadata/gmd:distributionInfo//gmd:CI_OnlineResource/gmd:protocol)[1]))"/>
    <srv:SV_ServiceIdentification>
      <xsl:call-template name="identification-common"/>
      <srv:serviceType>
        <gco:ScopedName>
          <xsl:choose>
            <xsl:when test="normalize-space($service-type)"><xsl:value-of select="$service-type"/></xsl:when>
            <xsl:when test="normalize-space(osrv:serviceType)"><xsl:value-of select="normalize-space(osrv:serviceType)"/></xsl:when>
            <xsl:when test="matches($protocol, 'WMS|WMTS|TMS')">view</xsl:when>
            <xsl:when test="matches($protocol, 'WFS|WCS|DOWNLOAD|ATOM')">download</xsl:when>
            <xsl:when test="matches($protocol, 'CSW')">discovery</xsl:when>
            <xsl:when test="matches($protocol, 'WPS')">invoke</xsl:when>
            <xsl:otherwise>other</xsl:otherwise>
          </xsl:choose>
        </gco:ScopedName>
      </srv:serviceType>
      <xsl:for-each select="osrv:serviceTypeVersion"><srv:serviceTypeVersion><xsl:apply-templates select="." mode="prop"/></srv:serviceTypeVersion></xsl:for-each>
      <!-- optional in 19115-3: a nilled 19139 coupling type or operation is left out -->
      <xsl:for-each select="osrv:couplingType[*]"><srv:couplingType><xsl:apply-templates select="." mode="prop"/></srv:couplingType></xsl:for-each>
      <xsl:for-each select="osrv:containsOperations/osrv:SV_OperationMetadata">
        <srv:containsOperations>
          <srv:SV_OperationMetadata>
            <srv:operationName><xsl:apply-templates select="osrv:operationName" mode="prop"/></srv:operationName>
            <xsl:for-each select="osrv:DCP"><srv:distributedComputingPlatform><xsl:apply-templates select="." mode="prop"/></srv:distributedComputingPlatform></xsl:for-each>
            <xsl:for-each select="osrv:connectPoint">
              <srv:connectPoint>
                <xsl:if test="@ogco:nilReason"><xsl:attribute name="gco:nilReason" select="@ogco:nilReason"/></xsl:if>
                <xsl:apply-templates select="gmd:CI_OnlineResource"/>
              </srv:connectPoint>
            </xsl:for-each>
          </srv:SV_OperationMetadata>
        </srv:containsOperations>
      </xsl:for-each>
      <xsl:for-each select="osrv:operatesOn">
        <srv:operatesOn><xsl:copy-of select="@uuidref, @oxlink:href, @oxlink:title"/></srv:operatesOn>
      </xsl:for-each>
    </srv:SV_ServiceIdentification>
  </xsl:template>

  <xsl:template match="gmd:CI_Citation">
    <cit:CI_Citation>
      <cit:title><xsl:apply-templates select="gmd:title" mode="prop"/></cit:title>
      <xsl:for-each select="gmd:alternateTitle"><cit:alternateTitle><xsl:apply-templates select="." mode="prop"/></cit:alternateTitle></xsl:for-each>
      <xsl:for-each select="gmd:date/gmd:CI_Date">
        <cit:date>
          <cit:CI_Date>
            <cit:date><xsl:apply-templates select="gmd:date" mode="prop"/></cit:date>
            <cit:dateType><xsl:apply-templates select="gmd:dateType" mode="prop"/></cit:dateType>
          </cit:CI_Date>
        </cit:date>
      </xsl:for-each>
      <xsl:for-each select="gmd:edition"><cit:edition><xsl:apply-templates select="." mode="prop"/></cit:edition></xsl:for-each>
      <xsl:for-each select="gmd:identifier/*"><cit:identifier><xsl:call-template name="identifier"/></cit:identifier></xsl:for-each>
      <xsl:for-each select="gmd:citedResponsibleParty"><cit:citedResponsibleParty><xsl:apply-templates select="." mode="party"/></cit:citedResponsibleParty></xsl:for-each>
    </cit:CI_Citation>
  </xsl:template>

  <xsl:template match="gmd:MD_Keywords">
    <mri:descriptiveKeywords>
      <mri:MD_Keywords>
        <xsl:for-each select="gmd:keyword"><mri:keyword><xsl:apply-templates select="." mode="prop"/></mri:keyword></xsl:for-each>
        <xsl:for-each select="gmd:type"><mri:type><xsl:apply-templates select="." mode="prop"/></mri:type></xsl:for-each>
        <xsl:for-each select="gmd:thesaurusName/gmd:CI_Citation">
          <mri:thesaurusName><cit:CI_Citation><cit:title><xsl:apply-templates select="gmd:title" mode="prop"/></cit:title></cit:CI_Citation></mri:thesaurusName>
        </xsl:for-each>
      </mri:MD_Keywords>
    </mri:descriptiveKeywords>
  </xsl:template>

  <xsl:template match="gmd:MD_LegalConstraints">
    <mri:resourceConstraints>
      <mco:MD_LegalConstraints>
        <xsl:for-each select="gmd:useLimitation"><mco:useLimitation><xsl:apply-templates select="." mode="prop"/></mco:useLimitation></xsl:for-each>
        <xsl:for-each select="gmd:accessConstraints"><mco:accessConstraints><xsl:apply-templates select="." mode="prop"/></mco:accessConstraints></xsl:for-each>
        <xsl:for-each select="gmd:useConstraints"><mco:useConstraints><xsl:apply-templates select="." mode="prop"/></mco:useConstraints></xsl:for-each>
        <xsl:for-each select="gmd:otherConstraints"><mco:otherConstraints><xsl:apply-templates select="." mode="prop"/></mco:otherConstraints></xsl:for-each>
      </mco:MD_LegalConstraints>
    </mri:resourceConstraints>
  </xsl:template>

  <xsl:template match="gmd:MD_SecurityConstraints">
    <mri:resourceConstraints>
      <mco:MD_SecurityConstraints>
        <xsl:for-each select="gmd:useLimitation"><mco:useLimitation><xsl:apply-templates select="." mode="prop"/></mco:useLimitation></xsl:for-each>
        <mco:classification><xsl:apply-templates select="gmd:classification" mode="prop"/></mco:classification>
      </mco:MD_SecurityConstraints>
    </mri:resourceConstraints>
  </xsl:template>

  <xsl:template match="gmd:EX_Extent">
    <mri:extent>
      <gex:EX_Extent>
        <xsl:for-each select="gmd:geographicElement/gmd:EX_GeographicBoundingBox">
          <gex:geographicElement>
            <gex:EX_GeographicBoundingBox>
              <gex:westBoundLongitude><xsl:apply-templates select="gmd:westBoundLongitude" mode="prop"/></gex:westBoundLongitude>
              <gex:eastBoundLongitude><xsl:apply-templates select="gmd:eastBoundLongitude" mode="prop"/></gex:eastBoundLongitude>
              <gex:southBoundLatitude><xsl:apply-templates select="gmd:southBoundLatitude" mode="prop"/></gex:southBoundLatitude>
              <gex:northBoundLatitude><xsl:apply-templates select="gmd:northBoundLatitude" mode="prop"/></gex:northBoundLatitude>
            </gex:EX_GeographicBoundingBox>
          </gex:geographicElement>
        </xsl:for-each>
        <xsl:for-each select="gmd:geographicElement/gmd:EX_GeographicDescription">
          <gex:geographicElement>
            <gex:EX_GeographicDescription>
              <gex:geographicIdentifier>
                <mcc:MD_Identifier><mcc:code><xsl:apply-templates select="gmd:geographicIdentifier/*/gmd:code" mode="prop"/></mcc:code></mcc:MD_Identifier>
              </gex:geographicIdentifier>
            </gex:EX_GeographicDescription>
          </gex:geographicElement>
        </xsl:for-each>
        <xsl:for-each select="gmd:temporalElement/gmd:EX_TemporalExtent/gmd:extent/ogml:TimePeriod">
          <gex:temporalElement>
            <gex:EX_TemporalExtent>
              <gex:extent>
                <gml:TimePeriod gml:id="{(@ogml:id, 'temporal-extent')[1]}">
                  <xsl:for-each select="ogml:beginPosition"><gml:beginPosition><xsl:copy-of select="@indeterminatePosition"/><xsl:value-of select="."/></gml:beginPosition></xsl:for-each>
                  <xsl:for-each select="ogml:endPosition"><gml:endPosition><xsl:copy-of select="@indeterminatePosition"/><xsl:value-of select="."/></gml:endPosition></xsl:for-each>
                </gml:TimePeriod>
              </gex:extent>
            </gex:EX_TemporalExtent>
          </gex:temporalElement>
        </xsl:for-each>
        <xsl:for-each select="gmd:verticalElement/gmd:EX_VerticalExtent">
          <gex:verticalElement>
            <gex:EX_VerticalExtent>
              <gex:minimumValue><xsl:apply-templates select="gmd:minimumValue" mode="prop"/></gex:minimumValue>
              <gex:maximumValue><xsl:apply-templates select="gmd:maximumValue" mode="prop"/></gex:maximumValue>
              <!-- the CRS as an identifier: its URI (xlink:href) or its name (xlink:title) -->
              <xsl:for-each select="gmd:verticalCRS[normalize-space(@oxlink:href) or normalize-space(@oxlink:title)]">
                <gex:verticalCRSId><mrs:MD_ReferenceSystem><mrs:referenceSystemIdentifier><mcc:MD_Identifier>
                  <mcc:code><gco:CharacterString><xsl:value-of select="(@oxlink:href[normalize-space()], @oxlink:title)[1]"/></gco:CharacterString></mcc:code>
                </mcc:MD_Identifier></mrs:referenceSystemIdentifier></mrs:MD_ReferenceSystem></gex:verticalCRSId>
              </xsl:for-each>
            </gex:EX_VerticalExtent>
          </gex:verticalElement>
        </xsl:for-each>
      </gex:EX_Extent>
    </mri:extent>
  </xsl:template>

</xsl:stylesheet>
