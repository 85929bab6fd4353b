// The zoho-crm catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field } from "../../catalogue/define.js";

export const platform = definePlatform("zoho-crm", "Zoho CRM", "CRM", {
  connectionFields: [
    field("location", "Data center", "options.location", {
      type: "select",
      default: "com",
      choices: [
        { value: "com", label: "United States (zoho.com)" },
        { value: "eu", label: "Europe (zoho.eu)" },
        { value: "in", label: "India (zoho.in)" },
        { value: "com.au", label: "Australia (zoho.com.au)" },
        { value: "jp", label: "Japan (zoho.jp)" },
        { value: "ca", label: "Canada (zohocloud.ca)" },
        { value: "sa", label: "Saudi Arabia (zoho.sa)" },
        { value: "com.cn", label: "China (zoho.com.cn)" },
      ],
    }),
  ],
  color: "#e42527",
  monogram: "ZC",
});
