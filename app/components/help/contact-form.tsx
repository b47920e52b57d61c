import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, Textarea } from "~/components/ui/field";
import { toast } from "~/hooks/use-toast";

class ContactError extends Error {
  constructor(readonly reason: string | undefined) {
    super(reason ?? "Failed to send message");
  }
}

const EMPTY = { name: "", email: "", subject: "", message: "" };
type Fields = typeof EMPTY;

/** Spec §2 Contact form, §5 validation, §8 texts. Clears after success (§4). */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [sending, setSending] = useState(false);
  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.values(fields).some((v) => !v.trim())) {
      toast({ title: "Please fill in all fields", description: "All fields are required to send your message.", variant: "destructive" });
      return;
    }
    setSending(true);
    try {
      const res = await fetch("/api/contact", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fields),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string; issues?: { message?: string }[] } | null;
        // Say what to fix (400) or when to retry (429); anything else gets the generic text.
        const reason = res.status === 429 ? body?.message : res.status === 400 ? body?.issues?.[0]?.message : undefined;
        throw new ContactError(reason);
      }
      toast({ title: "Message sent successfully!", description: "We'll get back to you within 24 hours." });
      setFields(EMPTY);
    } catch (error) {
      toast({
        title: "Failed to send message",
        description: (error instanceof ContactError && error.reason) || "Please try again later or contact us directly.",
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card>
      <h2 className="text-xl font-semibold">Send us a message</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="contact-name">Name</Label>
            <Input id="contact-name" autoComplete="name" maxLength={100} value={fields.name} onChange={set("name")} />
          </div>
          <div>
            <Label htmlFor="contact-email">Email</Label>
            <Input id="contact-email" type="email" autoComplete="email" maxLength={200} value={fields.email} onChange={set("email")} />
          </div>
        </div>
        <div>
          <Label htmlFor="contact-subject">Subject</Label>
          <Input id="contact-subject" maxLength={200} value={fields.subject} onChange={set("subject")} />
        </div>
        <div>
          <Label htmlFor="contact-message">Message</Label>
          <Textarea id="contact-message" rows={6} maxLength={5000} value={fields.message} onChange={set("message")} />
        </div>
        <Button type="submit" disabled={sending} className="justify-self-start">
          <Send className="h-4 w-4" aria-hidden="true" /> {sending ? "Sending..." : "Send Message"}
        </Button>
      </form>
    </Card>
  );
}
