// The outbrain-dsp catalogue entry (spec 1 §3). Its auth method is its connector's (decision 0870).
import { definePlatform, field, secretField } from "../../catalogue/define.js";

export const platform = definePlatform("outbrain-dsp", "Outbrain DSP", "ADS", {
  formRoute: "/outbrain-dsp",
  flag: "beta",
  connectionFields: [field("key", "Client ID", "key"), secretField("secret", "Client Secret", "secret")],
  color: "#f47b20",
  monogram: "OD",
});
