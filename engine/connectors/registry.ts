// The implemented connectors. Adding a platform = one folder under connectors/ and one line
// here; the catalogue marks it implemented and the contract test starts checking it.
import { PlatformNotImplementedError, UnknownPlatformError } from "../core/errors.js";
import type { Connector } from "../core/types.js";
import { PLATFORM_DEFINITIONS } from "../catalogue/platforms.js";
import { demoConnector } from "./demo/connector.js";
import { facebookAdsConnector } from "./facebook-ads/connector.js";
import { googleAdsConnector } from "./google-ads/connector.js";
import { shopifyConnector } from "./shopify/connector.js";
import { bingAdsConnector } from "./bing-ads/connector.js";
import { wooCommerceConnector } from "./woocommerce/connector.js";
import { stripeConnector } from "./stripe/connector.js";
import { amazonAdsConnector } from "./amazon-ads/connector.js";
import { twitterAdsConnector } from "./twitter-ads/connector.js";
import { klaviyoConnector } from "./klaviyo/connector.js";
import { googleAnalyticsConnector } from "./google-analytics/connector.js";
import { tikTokConnector } from "./tik-tok/connector.js";
import { linkedInConnector } from "./linkedin/connector.js";
import { hubSpotConnector } from "./hubspot/connector.js";
import { magentoConnector } from "./magento/connector.js";
import { prestashopConnector } from "./prestashop/connector.js";
import { pinterestAdsConnector } from "./pinterest-ads/connector.js";
import { bigcommerceConnector } from "./bigcommerce/connector.js";
import { mailchimpConnector } from "./mailchimp/connector.js";
import { snapchatAdsConnector } from "./snapchat-ads/connector.js";
import { commentSoldConnector } from "./comment-sold/connector.js";
import { redditAdsConnector } from "./reddit-ads/connector.js";
import { chartmogulConnector } from "./chartmogul/connector.js";
import { dv360Connector } from "./dv360/connector.js";
import { profitwellConnector } from "./profitwell/connector.js";
import { campaignManagerConnector } from "./campaign-manager/connector.js";
import { chargebeeConnector } from "./chargebee/connector.js";
import { searchAds360Connector } from "./search-ads-360/connector.js";
import { activeCampaignConnector } from "./active-campaign/connector.js";
import { brevoConnector } from "./brevo/connector.js";
import { googleAdManagerConnector } from "./google-ad-manager/connector.js";
import { mailjetConnector } from "./mailjet/connector.js";
import { quoraAdsConnector } from "./quora-ads/connector.js";
import { pipedriveConnector } from "./pipedrive/connector.js";
import { zohoCrmConnector } from "./zoho-crm/connector.js";
import { spotifyAdsConnector } from "./spotify-ads/connector.js";
import { criteoConnector } from "./criteo/connector.js";
import { taboolaConnector } from "./taboola/connector.js";
import { outbrainConnector } from "./outbrains/connector.js";
import { outbrainDspConnector } from "./outbrain-dsp/connector.js";
import { theTradeDeskConnector } from "./the-trade-desk/connector.js";
import { xandrConnector } from "./xandr/connector.js";
import { salesforceConnector } from "./salesforce/connector.js";
import { pardotConnector } from "./pardot/connector.js";
import { paypalConnector } from "./paypal/connector.js";
import { stackAdaptConnector } from "./stack-adapt/connector.js";
import { googleSearchConsoleConnector } from "./google-search-console/connector.js";
import { etsyConnector } from "./etsy/connector.js";
import { appleSearchAdsConnector } from "./apple-search-ads/connector.js";
import { awinConnector } from "./awin/connector.js";
import { youtubeConnector } from "./youtube/connector.js";
import { amazonSellerConnector } from "./amazon-seller/connector.js";
import { googleMerchantCenterConnector } from "./google-merchant-center/connector.js";
import { adtractionConnector } from "./adtraction/connector.js";

import { trustpilotReviewConnector } from "./trustpilot-review/connector.js";
import { g2ReviewConnector } from "./g2-review/connector.js";
import { capterraReviewConnector } from "./capterra-review/connector.js";
import { yelpReviewConnector } from "./yelp-review/connector.js";
import { tripadvisorReviewConnector } from "./tripadvisor-review/connector.js";
import { bookingReviewConnector } from "./booking-review/connector.js";
import { airbnbReviewConnector } from "./airbnb-review/connector.js";
import { glassdoorReviewConnector } from "./glassdoor-review/connector.js";
import { facebookCatalogConnector } from "./facebook-catalog/connector.js";
import { teadsConnector } from "./teads/connector.js";
import { matomoConnector } from "./matomo/connector.js";
import { microsoftMerchantCenterConnector } from "./microsoft-merchant-center/connector.js";
import { indeedReviewConnector } from "./indeed-review/connector.js";
import { appstoreReviewConnector } from "./appstore-review/connector.js";
import { googlePlayReviewConnector } from "./google-play-review/connector.js";
import { facebookReviewConnector } from "./facebook-review/connector.js";
import { piwikConnector } from "./piwik/connector.js";
import { pianoAnalyticsConnector } from "./piano-analytics/connector.js";
import { adobeAnalyticsConnector } from "./adobe-analytics/connector.js";
import { googlePageSpeedConnector } from "./google-page-speed/connector.js";
import { googleMyBusinessConnector } from "./google-my-business/connector.js";
import { adjustConnector } from "./adjust/connector.js";
import { facebookAnalyticsConnector } from "./facebook-analytics/connector.js";
import { bingWebmasterToolConnector } from "./bing-webmaster-tool/connector.js";
import { appFlyersConnector } from "./app-flyers/connector.js";
import { branchConnector } from "./branch/connector.js";
import { googleTrendsConnector } from "./google-trends/connector.js";
import { amplitudeConnector } from "./amplitude/connector.js";
import { instagramConnector } from "./instagram/connector.js";
import { mixpanelConnector } from "./mixpanel/connector.js";
import { linkedInPagesConnector } from "./linkedin-pages/connector.js";
import { websiteConnector } from "./website/connector.js";
import { tikTokAnalyticsConnector } from "./tik-tok-analytics/connector.js";
import { appStoreConnectConnector } from "./app-store-connect/connector.js";
import { callRailConnector } from "./call-rail/connector.js";
import { adsWizzConnector } from "./ads-wizz/connector.js";
import { googlePlayStoreConnector } from "./google-play-store/connector.js";
import { tikTokOrganicConnector } from "./tik-tok-organic/connector.js";
import { pinterestOrganicConnector } from "./pinterest-organic/connector.js";
import { lineAdsConnector } from "./line-ads/connector.js";
import { facebookPublicDataConnector } from "./facebook-public-data/connector.js";
import { instagramPublicDataConnector } from "./instagram-public-data/connector.js";
import { twitterPublicDataConnector } from "./twitter-public-data/connector.js";
const CONNECTORS: readonly Connector[] = [demoConnector, facebookAdsConnector, googleAdsConnector, shopifyConnector, bingAdsConnector, wooCommerceConnector, stripeConnector, amazonAdsConnector, twitterAdsConnector, klaviyoConnector, googleAnalyticsConnector, tikTokConnector, linkedInConnector, hubSpotConnector, magentoConnector, prestashopConnector, pinterestAdsConnector, bigcommerceConnector, mailchimpConnector, snapchatAdsConnector, commentSoldConnector, redditAdsConnector, chartmogulConnector, dv360Connector, profitwellConnector, campaignManagerConnector, chargebeeConnector, searchAds360Connector, activeCampaignConnector, brevoConnector, googleAdManagerConnector, mailjetConnector, quoraAdsConnector, pipedriveConnector, zohoCrmConnector, spotifyAdsConnector, criteoConnector, taboolaConnector, outbrainConnector, outbrainDspConnector, theTradeDeskConnector, xandrConnector, salesforceConnector, pardotConnector, paypalConnector, stackAdaptConnector, googleSearchConsoleConnector, etsyConnector, appleSearchAdsConnector, awinConnector, youtubeConnector, amazonSellerConnector, googleMerchantCenterConnector, adtractionConnector, trustpilotReviewConnector, g2ReviewConnector, capterraReviewConnector, yelpReviewConnector, tripadvisorReviewConnector, bookingReviewConnector, airbnbReviewConnector, glassdoorReviewConnector, facebookCatalogConnector, teadsConnector, matomoConnector, microsoftMerchantCenterConnector, indeedReviewConnector, appstoreReviewConnector, googlePlayReviewConnector, facebookReviewConnector, piwikConnector, pianoAnalyticsConnector, adobeAnalyticsConnector, googlePageSpeedConnector, googleMyBusinessConnector, adjustConnector, facebookAnalyticsConnector, bingWebmasterToolConnector, appFlyersConnector, branchConnector, googleTrendsConnector, amplitudeConnector, instagramConnector, mixpanelConnector, linkedInPagesConnector, websiteConnector, tikTokAnalyticsConnector, appStoreConnectConnector, callRailConnector, adsWizzConnector, googlePlayStoreConnector, tikTokOrganicConnector, pinterestOrganicConnector, lineAdsConnector, facebookPublicDataConnector, instagramPublicDataConnector, twitterPublicDataConnector];

const byId = new Map(CONNECTORS.map((c) => [c.id, c]));

function canonicalId(id: string): string | undefined {
  const found = PLATFORM_DEFINITIONS.find((p) => p.id === id || p.aliases?.includes(id));
  return found?.id;
}

export function listConnectors(): readonly Connector[] {
  return CONNECTORS;
}

export function hasConnector(platform: string): boolean {
  const id = canonicalId(platform) ?? platform;
  return byId.has(id);
}

/**
 * The connector of a platform. Unknown ids raise UnknownPlatformError (404); catalogue platforms
 * without a connector yet raise PlatformNotImplementedError (501, "coming soon").
 */
export function getConnector(platform: string): Connector {
  const id = canonicalId(platform);
  const connector = byId.get(id ?? platform);
  if (connector) return connector;
  if (!id) throw new UnknownPlatformError(platform);
  throw new PlatformNotImplementedError(id);
}

/** The registry as a value, for executeQuery and tests that inject their own connectors. */
export interface ConnectorRegistry {
  getConnector(platform: string): Connector;
  listConnectors(): readonly Connector[];
}

export const registry: ConnectorRegistry = { getConnector, listConnectors };
