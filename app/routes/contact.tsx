import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { contactBody } from "../../workers/contract/contact";
import { clientAddressOf, sendContactMessage } from "../../workers/domain/contact";
import { ContactForm, CONTACT_FAILED, CONTACT_SENT } from "~/components/help/contact-form";
import { ContactInfo } from "~/components/help/contact-info";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "../../workers/contract/brand";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: documentTitle("Contact") }];

/** Spec 001 §2 Contact: works without JavaScript (post, redirect, toast). */
export async function action({ request, context }: ActionFunctionArgs) {
  const raw = await readForm(request);
  const parsed = parseSubmission(contactBody, raw, { ...CONTACT_FAILED, description: "Please correct the highlighted fields." });
  if (!parsed.ok) return parsed.response;
  try {
    await sendContactMessage(context.db, parsed.value, clientAddressOf(request.headers), context.user);
  } catch (error) {
    // A rate limit says when to try again; anything else gets the spec's generic text.
    return domainFailure(error, (e) => ({
      toast: e.kind === "rate_limited" ? { ...CONTACT_FAILED, description: e.message } : CONTACT_FAILED,
      values: parsed.value,
    }));
  }
  return redirectWithToast(request, "/contact", CONTACT_SENT);
}

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-bold">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-muted">Questions, feedback or partnership ideas? Send us a message and we will get back to you.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ContactForm />
        <ContactInfo />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
