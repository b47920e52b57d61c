import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { Send } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CONTACT_HONEYPOT } from "../../../workers/contract/contact-options";
import { FieldMessage, Input, Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";
import { fieldError, submittedValue, useResultToast, type ActionResult } from "~/lib/forms";
import type { ToastMessage } from "~/lib/toast";

export const CONTACT_SENT: ToastMessage = { title: "Message sent successfully!", description: "We'll get back to you within 24 hours." };
export const CONTACT_FAILED: ToastMessage = {
  title: "Failed to send message",
  description: "Please try again later or contact us directly.",
  variant: "destructive",
};

const FIELDS = ["name", "email", "subject", "message"] as const;

/**
 * Spec §2 Contact form, §5 validation, §8 texts. Posts to the route's action,
 * so it works before (or without) JavaScript; the success redirect clears it (§4).
 */
export function ContactForm() {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const location = useLocation();
  useResultToast(result);
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";

  function checkFilled(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    if (FIELDS.some((name) => !String(form.get(name) ?? "").trim())) {
      event.preventDefault();
      toast({ title: "Please fill in all fields", description: "All fields are required to send your message.", variant: "destructive" });
    }
  }

  const field = (name: (typeof FIELDS)[number]) => {
    const error = fieldError(result, name);
    return {
      id: `contact-${name}`,
      name,
      defaultValue: submittedValue(result, name),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `contact-${name}-error` : undefined,
    };
  };

  return (
    <Card>
      <h2 className="text-xl font-semibold">Send us a message</h2>
      {/* A new location (the redirect after sending) remounts the form empty. */}
      <Form key={location.key} method="post" action="/contact" onSubmit={checkFilled} noValidate className="mt-4 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="contact-name">Name</Label>
            <Input autoComplete="name" maxLength={100} {...field("name")} />
            <FieldMessage id="contact-name-error">{fieldError(result, "name")}</FieldMessage>
          </div>
          <div>
            <Label htmlFor="contact-email">Email</Label>
            <Input type="email" autoComplete="email" maxLength={200} {...field("email")} />
            <FieldMessage id="contact-email-error">{fieldError(result, "email")}</FieldMessage>
          </div>
        </div>
        <div>
          <Label htmlFor="contact-subject">Subject</Label>
          <Input maxLength={200} {...field("subject")} />
          <FieldMessage id="contact-subject-error">{fieldError(result, "subject")}</FieldMessage>
        </div>
        <div>
          <Label htmlFor="contact-message">Message</Label>
          <Textarea rows={6} maxLength={5000} {...field("message")} />
          <FieldMessage id="contact-message-error">{fieldError(result, "message")}</FieldMessage>
        </div>
        {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology, so only bots fill it. */}
        <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name={CONTACT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <Button type="submit" disabled={sending} className="justify-self-start">
          <Send className="h-4 w-4" aria-hidden="true" /> {sending ? "Sending..." : "Send Message"}
        </Button>
      </Form>
    </Card>
  );
}
