// How much of a platform's own field list a connector's catalogue offers (issue 17 item 5). A
// connector folder whose catalogue is generated from the platform's metadata exports
// `fieldCoverage` from <folder>/field-coverage.ts; engine/coverage.ts finds the file by itself and
// prints the counts in docs/connector-coverage.md.

export interface FieldCoverageGroup {
  /** The platform's kind of field, in its words: "metrics", "segments", "breakdowns". */
  label: string;
  /** How many the platform itself lists; null when it is read per account at run time. */
  platform: number | null;
  /** How many of them the catalogue offers (with platform null: how many are known without a credential). */
  offered: number;
}

export interface FieldCoverage {
  /** Where the platform's count comes from: a package and its version, or an endpoint. */
  source: string;
  groups: FieldCoverageGroup[];
}
