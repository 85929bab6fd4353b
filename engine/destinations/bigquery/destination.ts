// BigQuery (decision 0410): one partition field; the API and token endpoints can be moved by the operator.
import { defineDestination } from "../entry.js";

export const destination = defineDestination({
  type: "big_query",
  identifier: "GOOGLE_BIG_QUERY",
  label: "BigQuery",
  kind: "sql",
  partition: "single",
  order: 10,
  fields: [
    { name: "projectId", label: "Project Id", required: "You need to pass a project Id", addressesSecret: true },
    {
      name: "dataSetId",
      label: "Dataset Id",
      required: "You need to put a dataSet Id",
      pattern: { regex: /^[A-Za-z0-9_]+$/, message: 'You only can put alphanumerical character and "_".' },
    },
    { name: "jsonKey", label: "JSON key", secret: true, multiline: true, required: "You need to pass the a json key." },
  ],
  operatorSettings: { endpoint: "BIGQUERY_API_ENDPOINT", tokenUrl: "BIGQUERY_TOKEN_URL" },
});
