import { createRoute } from "@hono/zod-openapi";
import {
  memberParams,
  profileUpdateBody,
  SOCIAL_LINKS_MAX,
  socialLinkBody,
  socialLinkList,
  socialLinkParams,
  socialLinkResponse,
  userProfileResponse,
} from "../contract/profile";
import { notFound } from "../domain/errors";
import { addSocialLink, deleteSocialLink, getProfile, listSocialLinks, memberExists, updateProfile } from "../domain/members/profile";
import { enforceRateLimit } from "../domain/rate-limit";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

// Profile and social links (spec 000 §2, §7). Every route is a member's.
const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;

const ownProfileRoute = createRoute({
  method: "get",
  path: "/user/profile",
  summary: "The signed-in member's profile with friendCount, eventsJoined and eventsHosted.",
  ...member,
  responses: { 200: jsonResponse(userProfileResponse, "Your profile"), ...errors([401, "Signed out"]) },
});

const updateProfileRoute = createRoute({
  method: "patch",
  path: "/user/profile",
  summary:
    'Updates the signed-in member\'s firstName, lastName, bio, status and/or primaryCommunity ("" for none). Other keys are refused.',
  ...member,
  request: { body: jsonBody(profileUpdateBody) },
  responses: {
    200: jsonResponse(userProfileResponse, "Your profile as saved"),
    ...errors([400, "Invalid field, unknown key or unknown community"], [401, "Signed out"]),
  },
});

const memberProfileRoute = createRoute({
  method: "get",
  path: "/users/{id}/profile",
  summary: "Another member's profile (read-only), without their e-mail; bio and status as their privacy settings allow.",
  ...member,
  request: { params: memberParams },
  responses: { 200: jsonResponse(userProfileResponse, "The member's profile"), ...errors([401, "Signed out"], [404, "No such member"]) },
});

const ownLinksRoute = createRoute({
  method: "get",
  path: "/user/social-links",
  summary: "The signed-in member's social links.",
  ...member,
  responses: { 200: jsonResponse(socialLinkList, "Your links"), ...errors([401, "Signed out"]) },
});

const addLinkRoute = createRoute({
  method: "post",
  path: "/user/social-links",
  summary: `Adds a social link (at most ${SOCIAL_LINKS_MAX} per member).`,
  ...member,
  request: { body: jsonBody(socialLinkBody) },
  responses: {
    201: jsonResponse(socialLinkResponse, "The new link"),
    ...errors(
      [400, "Invalid platform or username"],
      [401, "Signed out"],
      [409, "Too many links"],
      [429, `Added more than ${limitText("socialLink")}`],
    ),
  },
});

const removeLinkRoute = createRoute({
  method: "delete",
  path: "/user/social-links/{id}",
  summary: "Removes one of the signed-in member's social links.",
  ...member,
  request: { params: socialLinkParams },
  responses: { 204: { description: "Removed" }, ...errors([401, "Signed out"], [404, "No such link of yours"]) },
});

const memberLinksRoute = createRoute({
  method: "get",
  path: "/users/{id}/social-links",
  summary: "Another member's social links; empty when they hide their profile.",
  ...member,
  request: { params: memberParams },
  responses: { 200: jsonResponse(socialLinkList, "The member's links"), ...errors([401, "Signed out"], [404, "No such member"]) },
});

export const profileApi = apiRouter()
  .openapi(ownProfileRoute, async (c) => {
    const user = requireUser(c);
    const profile = await getProfile(c.get("db"), user.id);
    if (!profile) throw notFound("User not found");
    return c.json(profile, 200);
  })
  .openapi(updateProfileRoute, async (c) => c.json(await updateProfile(c.get("db"), requireUser(c).id, c.req.valid("json")), 200))
  .openapi(memberProfileRoute, async (c) => {
    const profile = await getProfile(c.get("db"), c.req.valid("param").id, requireUser(c).id);
    if (!profile) throw notFound("User not found");
    return c.json(profile, 200);
  })
  .openapi(ownLinksRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await listSocialLinks(c.get("db"), user.id, user.id), 200);
  })
  .openapi(addLinkRoute, async (c) => {
    const user = requireUser(c);
    const body = c.req.valid("json");
    await enforceRateLimit(c.get("db"), "socialLink", user.id);
    return c.json(await addSocialLink(c.get("db"), user.id, body), 201);
  })
  .openapi(removeLinkRoute, async (c) => {
    if (!(await deleteSocialLink(c.get("db"), requireUser(c).id, c.req.valid("param").id))) throw notFound("Social link not found");
    return c.body(null, 204);
  })
  .openapi(memberLinksRoute, async (c) => {
    const viewer = requireUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    if (!(await memberExists(db, id))) throw notFound("User not found");
    return c.json(await listSocialLinks(db, id, viewer.id), 200);
  });
