import type { ProfileUpdateBody } from "../../../workers/contract/profile";
import { apiRequest } from "./api-request";

/**
 * PATCH /api/user/profile with names trimmed (spec 000 §5). An empty last name
 * is left out rather than sent, since the API requires 1-50 characters.
 */
export async function saveProfile(values: {
  firstName: string;
  lastName: string;
  primaryCommunity: string;
  bio?: string;
  status?: ProfileUpdateBody["status"];
}) {
  const body: ProfileUpdateBody = {
    firstName: values.firstName.trim(),
    primaryCommunity: values.primaryCommunity,
  };
  if (values.lastName.trim()) body.lastName = values.lastName.trim();
  if (values.bio !== undefined) body.bio = values.bio;
  if (values.status !== undefined) body.status = values.status;
  return apiRequest("PATCH", "/api/user/profile", body);
}
