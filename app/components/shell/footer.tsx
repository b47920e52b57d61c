import { Link } from "@remix-run/react";
import { LEGAL_LINKS } from "~/components/legal/legal-links";
import { toast } from "~/hooks/use-toast";
import { PRODUCT_NAME } from "../../../workers/contract/brand";

export const DISCORD_INVITE_URL = "https://discord.gg/realmcast";
const SOCIALS = ["Twitter", "Discord", "Twitch", "YouTube"] as const;

const PLATFORM_LINKS = [
  { to: "/", label: "Dashboard" },
  { to: "/matchmaking", label: "Matchmaking" },
  { to: "/tablesync", label: "TableSync" },
  { to: "/social", label: "Social Hub" },
  { to: "/calendar", label: "Analytics" },
];
const SUPPORT_LINKS = [
  { to: "/help-center", label: "Help Center" },
  { to: "/getting-started", label: "Getting Started" },
  { to: "/faq", label: "FAQ" },
  { to: "/api-docs", label: "API Docs" },
  { to: "/contact", label: "Contact" },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border bg-surface/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold">{PRODUCT_NAME}</p>
          <p className="mt-2 max-w-md text-sm text-muted">
            The home of trading-card-game players and streamers: join your realm, play paper cards over webcam with TableSync, schedule game
            pods and run tournaments together.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            {SOCIALS.map((platform) =>
              platform === "Discord" ? (
                <a
                  key={platform}
                  href={DISCORD_INVITE_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-lg border border-border px-3 py-1.5 text-sm hover:border-primary"
                >
                  Discord
                </a>
              ) : (
                <button
                  key={platform}
                  type="button"
                  className="rounded-lg border border-border px-3 py-1.5 text-sm hover:border-primary"
                  onClick={() =>
                    toast({ title: platform, description: `Follow us on ${platform} for the latest updates and community highlights!` })
                  }
                >
                  {platform}
                </button>
              ),
            )}
          </div>
        </div>
        <FooterLinks title="Platform" links={PLATFORM_LINKS} />
        <FooterLinks title="Support" links={SUPPORT_LINKS} />
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-muted">
          <p>© 2026 {PRODUCT_NAME}</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-2 whitespace-nowrap">
            {LEGAL_LINKS.map(({ to, label }) => (
              <li key={to}>
                {/* Its own colour, as the footer's other links: inherited, it once kept the light one after a live switch to dark. */}
                <Link to={to} className="text-muted hover:text-fg">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="text-muted hover:text-fg">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
