import type { RouteDoc } from "./route-doc";

export const communitiesRoutesDoc: RouteDoc[] = [
  { method: "get", path: "/api/communities", summary: "The six realms: id, name, displayName, description, iconClass, themeColor.", auth: "public" },
];
