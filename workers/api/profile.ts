import { Hono } from "hono";
import { profileUpdateBody, socialLinkBody } from "../contract/profile";
import { addSocialLink, deleteSocialLink, getProfile, listSocialLinks, memberExists, updateProfile } from "../domain/profile";
import { enforceRateLimit } from "../domain/rate-limit";
import type { AppEnv } from "../http/app-env";
import { notFound } from "../domain/errors";
import { requireUser } from "../http/require-user";
import { parseJsonBody } from "../http/validate";

export const profileApi = new Hono<AppEnv>()
  .get("/user/profile", async (c) => {
    const user = requireUser(c);
    return c.json(await getProfile(c.get("db"), user.id));
  })
  .patch("/user/profile", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, profileUpdateBody);
    return c.json(await updateProfile(c.get("db"), user.id, body));
  })
  .get("/users/:id/profile", async (c) => {
    const viewer = requireUser(c);
    const profile = await getProfile(c.get("db"), c.req.param("id"), viewer.id);
    if (!profile) throw notFound("User not found");
    return c.json(profile);
  })
  .get("/user/social-links", async (c) => {
    const user = requireUser(c);
    return c.json(await listSocialLinks(c.get("db"), user.id, user.id));
  })
  .post("/user/social-links", async (c) => {
    const user = requireUser(c);
    const body = await parseJsonBody(c, socialLinkBody);
    await enforceRateLimit(c.get("db"), "socialLink", user.id);
    return c.json(await addSocialLink(c.get("db"), user.id, body), 201);
  })
  .delete("/user/social-links/:id", async (c) => {
    const user = requireUser(c);
    if (!(await deleteSocialLink(c.get("db"), user.id, c.req.param("id")))) throw notFound("Social link not found");
    return c.body(null, 204);
  })
  .get("/users/:id/social-links", async (c) => {
    const viewer = requireUser(c);
    const db = c.get("db");
    const id = c.req.param("id");
    if (!(await memberExists(db, id))) throw notFound("User not found");
    return c.json(await listSocialLinks(db, id, viewer.id));
  });
