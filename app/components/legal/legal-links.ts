/** The legal pages, for the footer and for links between them. */
export const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/code-of-conduct", label: "Code of Conduct" },
] as const;
