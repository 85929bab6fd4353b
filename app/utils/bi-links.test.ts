import { describe, expect, it } from "vitest";
import { googleDriveDirectDownload, searchLookerCatalogue } from "./bi-links";

const entries = [
  { id: "zoho-crm", name: "Zoho CRM", category: "CRM" },
  { id: "facebook-ads", name: "Facebook Ads", category: "ADS" },
  { id: "amazon-ads", name: "Amazon Ads", category: "ADS" },
  { id: "google-ads", name: "Google Ads", category: "ADS" },
  { id: "hubspot", name: "HubSpot", category: "CRM" },
];

describe("searchLookerCatalogue", () => {
  it("puts preferred connectors first, then alphabetical", () => {
    expect(searchLookerCatalogue(entries, "").map((e) => e.id)).toEqual(["google-ads", "facebook-ads", "amazon-ads", "hubspot", "zoho-crm"]);
  });
  it("matches the name or the category label", () => {
    expect(searchLookerCatalogue(entries, "crm").map((e) => e.id)).toEqual(["hubspot", "zoho-crm"]);
    expect(searchLookerCatalogue(entries, "amaz").map((e) => e.id)).toEqual(["amazon-ads"]);
    expect(searchLookerCatalogue(entries, "nothing like it")).toEqual([]);
  });
});

describe("googleDriveDirectDownload", () => {
  it("builds the direct-download link from the /d/{id} segment", () => {
    expect(googleDriveDirectDownload("https://docs.google.com/spreadsheets/d/1AbC_d-9/edit?usp=sharing")).toEqual({ ok: true, url: "https://drive.google.com/uc?export=download&id=1AbC_d-9" });
  });
  it("rejects links without a /d/ segment", () => {
    expect(googleDriveDirectDownload("https://drive.google.com/open?id=123")).toEqual({ ok: false, error: "Invalid Google Drive share URL" });
  });
});

import { safeLandingTarget } from "./bi-links";
describe("safeLandingTarget", () => {
  it("allows same-site paths and the BI tools' hosts only", () => {
    expect(safeLandingTarget("/data-connector/api")).toBe("/data-connector/api");
    expect(safeLandingTarget("https://lookerstudio.google.com/datasources/create?connectorId=1")).toBe("https://lookerstudio.google.com/datasources/create?connectorId=1");
    expect(safeLandingTarget("//evil.example/x")).toBeNull();
    // Same-site paths go through the one redirect gate (app/utils/safe-redirect.ts).
    expect(safeLandingTarget("/\t/127.0.0.1:9999/x")).toBeNull();
    expect(safeLandingTarget("\\evil.example")).toBeNull();
    expect(safeLandingTarget("https://evil.example/")).toBeNull();
    expect(safeLandingTarget("http://lookerstudio.google.com/")).toBeNull();
    expect(safeLandingTarget("javascript:alert(1)")).toBeNull();
  });
});
