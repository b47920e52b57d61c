import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { userSettingsBody } from "../../../workers/contract/settings";
import { accessTokenIdParam, createAccessTokenBody } from "../../../workers/contract/access-tokens";
import { setWebhookBody } from "../../../workers/contract/webhooks";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "../../../workers/domain/access/access-tokens";
import { clearWebhook, setWebhook } from "../../../workers/domain/webhooks/webhooks";
import { deleteAccount, exportFileName, exportMemberData } from "../../../workers/domain/members/account";
import { getSettings, saveSettings } from "../../../workers/domain/members/settings";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, failure, fieldErrorsOf, readJsonSubmission } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { SettingsData, SettingsResult } from "~/components/settings/settings-results";
import {
  ACCOUNT_DELETED,
  DELETE_FAILED,
  EXPORT_FAILED,
  EXPORT_REQUESTED,
  SETTINGS_SAVED,
  settingsSaveFailed,
  TOKEN_CREATED,
  TOKEN_REVOKED,
  tokenFailed,
  WEBHOOK_REMOVED,
  WEBHOOK_SAVED,
  webhookFailed,
} from "~/components/settings/settings-toasts";

/** The Settings dialog opens with the member's settings (the spec's defaults when never saved). */
export async function loadSettings(request: Request, context: AppLoadContext): Promise<SettingsData> {
  const user = requireMember(request, context);
  const [settings, tokens] = await Promise.all([getSettings(context.db, user.id), listAccessTokens(context.db, user.id)]);
  return { settings, tokens };
}

/**
 * The dialog's submissions, sent as JSON (its settings are nested groups of
 * switches): save (the API's body), export, delete.
 */
const settingsSubmission = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), settings: userSettingsBody }),
  z.object({ intent: z.literal("export") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("createToken"), token: createAccessTokenBody }),
  z.object({ intent: z.literal("revokeToken"), id: accessTokenIdParam.shape.id }),
  // A token's webhook (issue 27): the URL is checked against the webhook rules by the domain.
  z.object({ intent: z.literal("setWebhook"), id: accessTokenIdParam.shape.id, webhook: setWebhookBody }),
  z.object({ intent: z.literal("clearWebhook"), id: accessTokenIdParam.shape.id }),
]);

export async function settingsAction(request: Request, context: AppLoadContext) {
  const user = requireMember(request, context);
  const parsed = settingsSubmission.safeParse(await readJsonSubmission(request));
  if (!parsed.success) {
    return failure(400, "Invalid settings", {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
      toast: settingsSaveFailed("Invalid settings"),
    });
  }
  const db = context.db;
  switch (parsed.data.intent) {
    case "save":
      try {
        const settings = await saveSettings(db, user.id, parsed.data.settings);
        return { ok: true, intent: "save", settings, toast: SETTINGS_SAVED } satisfies SettingsResult;
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: settingsSaveFailed(e.message) }));
      }
    case "export":
      try {
        const data = await exportMemberData(db, user);
        return { ok: true, intent: "export", file: { name: exportFileName(data), data }, toast: EXPORT_REQUESTED } satisfies SettingsResult;
      } catch (error) {
        return domainFailure(error, { toast: EXPORT_FAILED });
      }
    case "createToken":
      try {
        const token = await createAccessToken(db, user.id, parsed.data.token);
        return { ok: true, intent: "createToken", token, toast: TOKEN_CREATED } satisfies SettingsResult;
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: tokenFailed(e.message) }));
      }
    case "revokeToken":
      try {
        await revokeAccessToken(db, user.id, parsed.data.id);
        return { ok: true, intent: "revokeToken", id: parsed.data.id, toast: TOKEN_REVOKED } satisfies SettingsResult;
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: tokenFailed(e.message) }));
      }
    case "setWebhook":
      try {
        const webhook = await setWebhook(context.cloudflare.env, db, user.id, parsed.data.id, parsed.data.webhook);
        return { ok: true, intent: "setWebhook", id: parsed.data.id, webhook, toast: WEBHOOK_SAVED } satisfies SettingsResult;
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: webhookFailed(e.message) }));
      }
    case "clearWebhook":
      try {
        await clearWebhook(db, user.id, parsed.data.id);
        return { ok: true, intent: "clearWebhook", id: parsed.data.id, toast: WEBHOOK_REMOVED } satisfies SettingsResult;
      } catch (error) {
        return domainFailure(error, (e) => ({ toast: webhookFailed(e.message) }));
      }
    case "delete":
      try {
        await deleteAccount(context.cloudflare.env, db, user);
      } catch (error) {
        return domainFailure(error, { toast: DELETE_FAILED });
      }
      // A document load of the sign-out route ends this session and lands on the home page, where the
      // toast shows. No session of the member resolves any more: their row is gone.
      return redirectWithToast(request, "/api/logout", ACCOUNT_DELETED, { headers: { "X-Remix-Reload-Document": "true" } });
  }
}
