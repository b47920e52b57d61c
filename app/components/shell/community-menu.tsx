import { Check, Globe } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { CommunityDot } from "~/components/community/community-dot";
import { useCommunity } from "~/hooks/use-community";
import { useFirstItemFocus, type OpenRequest } from "~/hooks/use-load-on-intent";
import { communityTriggerClass, communityTriggerLabel, CommunityTriggerFace } from "./community-trigger-face";

const ALL_COMMUNITIES = "__all__";
const itemClass = "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-background";

/** The realm selector's menu, loaded on first use and mounted open (community-selector.tsx). */
export default function CommunityMenu({ request }: { request: OpenRequest }) {
  const { communities, selectedCommunity, setSelectedCommunity } = useCommunity();
  const focusFirstItem = useFirstItemFocus(request);
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger
        className={communityTriggerClass}
        aria-label={communityTriggerLabel(selectedCommunity?.displayName)}
        data-testid="realm-selector"
      >
        <CommunityTriggerFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          onFocus={focusFirstItem}
          className="z-50 min-w-[14rem] rounded-xl border border-border bg-surface p-1 text-fg shadow-xl"
        >
          <DropdownMenu.RadioGroup
            value={selectedCommunity?.id ?? ALL_COMMUNITIES}
            onValueChange={(value) => setSelectedCommunity(value === ALL_COMMUNITIES ? null : value)}
          >
            <DropdownMenu.RadioItem value={ALL_COMMUNITIES} className={itemClass}>
              <Globe className="h-4 w-4" aria-hidden="true" /> All Realms
              <DropdownMenu.ItemIndicator className="ml-auto">
                <Check className="h-4 w-4" aria-hidden="true" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
            {communities.map((community) => (
              <DropdownMenu.RadioItem key={community.id} value={community.id} className={itemClass}>
                <CommunityDot communityId={community.id} />
                {community.displayName}
                <DropdownMenu.ItemIndicator className="ml-auto">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
