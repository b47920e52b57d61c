import type { RouteDoc } from "./route-doc";

export const referenceRoutesDoc: RouteDoc[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This API as an OpenAPI 3.1 document, generated from the same contract the routes are checked against.",
    auth: "public",
  },
];
