// Campaign Manager 360 names currencies and report time zones by numeric ids
// (Account.currencyId and reportsConfiguration.reportGenerationTimeZoneId,
// https://developers.google.com/doubleclick-advertisers/rest/v4/accounts, whose reference tables
// list the ids). This map holds the common ones; check a new id against those tables before adding
// it. An unknown id falls back to USD and America/New_York (CM360's own defaults) in the connector.
export const CM_CURRENCIES: Readonly<Record<string, string>> = {
  "1": "USD", "2": "GBP", "4": "SEK", "5": "CAD", "6": "JPY", "8": "AUD", "11": "DKK", "12": "NOK", "14": "ZAR", "17": "EUR",
  "18": "KRW", "19": "TWD", "20": "SGD", "21": "CNY", "22": "HKD", "23": "NZD", "24": "MYR", "25": "BRL", "28": "CLP", "29": "TRY",
  "30": "ARS", "31": "PEN", "32": "ILS", "33": "CHF", "35": "COP", "37": "PLN", "39": "INR", "40": "THB", "41": "IDR", "42": "CZK",
  "43": "RON", "44": "HUF", "45": "RUB", "46": "AED", "47": "BGN", "49": "MXN", "50": "NGN", "51": "EGP",
};

export const CM_TIME_ZONES: Readonly<Record<string, string>> = {
  "1": "America/New_York", "2": "Europe/London", "3": "Europe/Paris", "4": "Africa/Johannesburg", "5": "Europe/Moscow",
  "6": "Asia/Shanghai", "7": "Asia/Tokyo", "8": "Australia/Sydney", "9": "Asia/Hong_Kong", "10": "America/Chicago",
  "11": "America/Denver", "12": "America/Los_Angeles", "13": "Asia/Kolkata", "14": "America/Sao_Paulo", "15": "Europe/Berlin",
};
