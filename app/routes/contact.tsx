import type { MetaFunction } from "@remix-run/cloudflare";
import { ContactForm } from "~/components/help/contact-form";
import { ContactInfo } from "~/components/help/contact-info";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { documentTitle } from "~/lib/brand";

export const meta: MetaFunction = () => [{ title: documentTitle("Contact") }];

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
