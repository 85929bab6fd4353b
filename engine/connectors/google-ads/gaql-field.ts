// The shape of one generated Google Ads field (fields.generated.ts): our FieldDef plus what the
// connector and the fake need to know about its GAQL column.
import type { FieldDef } from "../../core/types.js";

/** GoogleAdsFieldCategory of the API (google_ads_field_category.proto). */
export type GaqlCategory = "RESOURCE" | "ATTRIBUTE" | "SEGMENT" | "METRIC";

/** GoogleAdsFieldDataType of the API (google_ads_field_data_type.proto). */
export type GaqlDataType = "BOOLEAN" | "DATE" | "DOUBLE" | "ENUM" | "FLOAT" | "INT32" | "INT64" | "MESSAGE" | "RESOURCE_NAME" | "STRING" | "UINT64";

export interface GeneratedGaqlField extends FieldDef {
  /** The GAQL name, e.g. metrics.cost_micros. */
  gaql: string;
  gaqlCategory: Exclude<GaqlCategory, "RESOURCE">;
  dataType: GaqlDataType;
  /** Money or rates in millionths: divided by 1,000,000. */
  micros?: true;
  repeated?: true;
  /** Members of an ENUM, without UNSPECIFIED and UNKNOWN. */
  enumValues?: readonly string[];
  /** Resources the proto comment says it can only be selected with (e.g. channel_aggregate_asset_view). */
  onlyWith?: readonly string[];
}
