import { defineDestination, sqlFields } from "../entry.js";

export const destination = defineDestination({ type: "mysql", identifier: "MYSQL", label: "MySQL", kind: "sql", partition: "multiple", order: 20, fields: sqlFields() });
