// Seller Central addresses per country, from Amazon's SP-API "Seller Central URLs" table
// (https://developer-docs.amazon.com/sp-api/docs/seller-central-urls). The Amazon Seller form
// sends the chosen address as options.url; authorization starts on that marketplace's host.

export const AMAZON_SELLER_MARKETPLACES: readonly { country: string; url: string }[] = [
  { country: "Canada", url: "https://sellercentral.amazon.ca" },
  { country: "United States", url: "https://sellercentral.amazon.com" },
  { country: "Mexico", url: "https://sellercentral.amazon.com.mx" },
  { country: "Brazil", url: "https://sellercentral.amazon.com.br" },
  { country: "Spain", url: "https://sellercentral.amazon.es" },
  { country: "United Kingdom", url: "https://sellercentral.amazon.co.uk" },
  { country: "France", url: "https://sellercentral.amazon.fr" },
  { country: "Belgium", url: "https://sellercentral.amazon.com.be" },
  { country: "Netherlands", url: "https://sellercentral.amazon.nl" },
  { country: "Germany", url: "https://sellercentral.amazon.de" },
  { country: "Italy", url: "https://sellercentral.amazon.it" },
  { country: "Sweden", url: "https://sellercentral.amazon.se" },
  { country: "South Africa", url: "https://sellercentral.amazon.co.za" },
  { country: "Poland", url: "https://sellercentral.amazon.pl" },
  { country: "Egypt", url: "https://sellercentral.amazon.eg" },
  { country: "Turkey", url: "https://sellercentral.amazon.com.tr" },
  { country: "Saudi Arabia", url: "https://sellercentral.amazon.sa" },
  { country: "United Arab Emirates", url: "https://sellercentral.amazon.ae" },
  { country: "India", url: "https://sellercentral.amazon.in" },
  { country: "Singapore", url: "https://sellercentral.amazon.sg" },
  { country: "Australia", url: "https://sellercentral.amazon.com.au" },
  { country: "Japan", url: "https://sellercentral.amazon.co.jp" },
];

/** The form's default, per spec 3 §2.7. */
export const AMAZON_SELLER_DEFAULT_URL = "https://sellercentral.amazon.ca";

export function amazonSellerUrl(country: string): string {
  const found = AMAZON_SELLER_MARKETPLACES.find((m) => m.country.toLowerCase() === country.toLowerCase());
  if (!found) throw new Error(`The url is not defined for ${country}!`);
  return found.url;
}
