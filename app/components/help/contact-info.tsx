import { useNavigate } from "@remix-run/react";
import { BookOpen, Clock, HelpCircle, Mail, MessageCircle, Rocket, Users } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { toast } from "~/hooks/use-toast";

export const SUPPORT_EMAIL = "support@realmcast.gg";
export const DISCORD_INVITE_URL = "https://discord.gg/realmcast";

/** E-mail, community, quick links and the stated response times (spec §2 Contact, §9). */
export function ContactInfo() {
  const navigate = useNavigate();
  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="text-xl font-semibold">Get in touch</h2>
        <ul className="mt-4 grid gap-4 text-sm">
          <li className="flex gap-3">
            <Mail className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <span>
              <span className="block font-medium">Email</span>
              <a className="text-muted underline" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
            </span>
          </li>
          <li className="flex gap-3">
            <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <span>
              <span className="block font-medium">Response time</span>
              <span className="text-muted">We usually answer within 24 hours.</span>
            </span>
          </li>
          <li className="flex gap-3">
            <Users className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <span>
              <span className="block font-medium">Community</span>
              <span className="text-muted">Players and streamers help each other in our Discord and the community forums.</span>
            </span>
          </li>
        </ul>
      </Card>
      <Card>
        <h2 className="text-xl font-semibold">Quick links</h2>
        <div className="mt-4 grid gap-2">
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => toast({ title: "Help Center", description: "The Help Center is coming soon!" })}
          >
            <HelpCircle className="h-4 w-4" aria-hidden="true" /> Help Center
          </Button>
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => {
              toast({ title: "Getting Started Guide", description: "Taking you to the home page to get started." });
              navigate("/");
            }}
          >
            <Rocket className="h-4 w-4" aria-hidden="true" /> Getting Started Guide
          </Button>
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => {
              toast({ title: "Join Discord Community", description: "Opening our Discord invite in a new tab." });
              window.open(DISCORD_INVITE_URL, "_blank", "noopener,noreferrer");
            }}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Join Discord Community
          </Button>
        </div>
      </Card>
      <Card>
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <BookOpen className="h-5 w-5" aria-hidden="true" /> Response times
        </h2>
        <dl className="mt-4 grid gap-3 text-sm">
          {[
            ["Support", "24-48 hours"],
            ["General inquiries", "2-3 business days"],
            ["Partnership requests", "3-5 business days"],
          ].map(([label, time]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="font-medium">{label}</dt>
              <dd className="text-muted">{time}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
