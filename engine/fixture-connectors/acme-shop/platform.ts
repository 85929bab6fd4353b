// The acme-shop catalogue entry: everything the sources screens show and the form asks. No auth
// method: the catalogue takes the connector's.
import { apiKeyOnly, definePlatform } from "../../catalogue/define.js";

export const platform = definePlatform("acme-shop", "Acme Shop", "E-COMMERCE", {
  formRoute: "/acme-shop",
  flag: "new",
  connectionFields: apiKeyOnly("API token"),
  color: "#0f766e",
  description: "Orders and revenue of an Acme Shop store (a test fixture platform).",
});
