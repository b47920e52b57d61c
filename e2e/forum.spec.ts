/**
 * Over 300 lines: one journey per forum flow (post, filter, reply and like; a visitor; markup; edit and delete; Load
 * more; the post limit; search), sharing the helpers that make posts and members.
 */
import { request as apiRequest, expect, test, type Page } from "./fixtures";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { api, chooseCommunity, expectNoSidewaysScroll, gotoHydrated, newMemberPage, reviewShot, signIn } from "./helpers";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createPost(page: Page, title: string, category: string, content: string) {
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Category").selectOption({ label: category });
  await dialog.getByLabel("Content").fill(content);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Post created successfully!", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

// Accessibility of the forum (no realm, and a realm's list, light and dark): e2e/a11y.spec.ts.
test("a member picks a realm, posts, filters, opens, replies, likes and unlikes, and goes back", async ({ page }) => {
  await signIn(page, "Fora", "Poster");
  await gotoHydrated(page, "/community-forum");
  await expect(page.getByText("Please select a community from the navigation to view its forum.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();

  await chooseCommunity(page, "Duelcraft");
  await expect(page.getByRole("heading", { name: "Duelcraft Forum", exact: true })).toBeVisible();
  await expect(page.getByTestId("forum-post-card").first()).toBeVisible();
  // The seeded welcome post is pinned, so it comes first.
  await expect(page.getByTestId("forum-post-card").first()).toContainText("Pinned");

  // Validation texts of the New Post dialog.
  await page.getByRole("button", { name: "New Post" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Please fill in all fields", { exact: true })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  const title = `Sideboard plan ${unique()}`;
  await createPost(page, title, "Deck Tech", "First paragraph line\nSecond paragraph line");
  const card = page.getByTestId("forum-post-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Deck Tech");

  // Filter by its category: the post stays, the pinned General Discussion post goes.
  await page.getByRole("button", { name: "Deck Tech", exact: true }).click();
  await expect(page.getByRole("button", { name: "Deck Tech", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(card).toBeVisible();
  await expect(page.getByTestId("forum-post-card").filter({ hasText: "Duelcraft forum guide" })).toHaveCount(0);
  for (const badge of await page.getByTestId("category-badge").allTextContents()) expect(badge).toBe("Deck Tech");

  await card.getByRole("button").click();
  await expect(page).toHaveURL(/\?post=/);
  const detail = page.getByTestId("forum-post-detail");
  await expect(detail.getByRole("heading", { name: title })).toBeVisible();
  await expect(detail.locator("p", { hasText: "First paragraph line" })).toHaveCount(1);
  await expect(detail.locator("p", { hasText: "Second paragraph line" })).toHaveCount(1);
  await expect(page.getByText("No replies yet. Be the first to respond!", { exact: true })).toBeVisible();

  const replyButton = page.getByRole("button", { name: "Post Reply" });
  await expect(replyButton).toBeDisabled();
  await page.getByLabel("Write a reply").fill("   ");
  await expect(replyButton).toBeDisabled();
  await page.getByLabel("Write a reply").fill("Great plan, thanks!");
  await replyButton.click();
  await expect(page.getByText("Reply posted successfully!", { exact: true })).toBeVisible();
  await expect(page.getByTestId("forum-reply")).toContainText("Great plan, thanks!");
  await expect(page.getByLabel("Write a reply")).toHaveValue("");

  const like = page.getByTestId("like-button");
  await expect(like).toHaveText(/Like \(0\)/);
  await like.click();
  await expect(like).toHaveText(/Liked \(1\)/);
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await like.click();
  await expect(like).toHaveText(/Like \(0\)/);
  await like.click();
  await expect(like).toHaveText(/Liked \(1\)/);

  await page.getByRole("button", { name: "Back to Forum" }).click();
  await expect(page.getByRole("heading", { name: "Duelcraft Forum", exact: true })).toBeVisible();
  const refreshed = page.getByTestId("forum-post-card").filter({ hasText: title });
  await expect(refreshed.getByLabel("1 reply", { exact: true })).toBeVisible();
  await expect(refreshed.getByLabel("1 like", { exact: true })).toBeVisible();
  await expect(refreshed.getByLabel("1 view", { exact: true })).toBeVisible();
});

test("a visitor reads the list but cannot post or like (390 px phone)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/community-forum");
  await expect(page.getByText("Please select a community from the navigation to view its forum.", { exact: true })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem("selectedCommunityId", "decksong");
    document.cookie = `selectedCommunityId=${btoa(JSON.stringify("decksong"))}; Path=/`;
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Decksong Forum", exact: true })).toBeVisible();
  await expect(page.getByTestId("forum-post-card").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "New Post" })).toHaveCount(0);
  await expectNoSidewaysScroll(page, "the forum at 390 px");

  await page.getByTestId("forum-post-card").first().getByRole("button").click();
  await expect(page.getByTestId("like-button")).toBeDisabled();
  await expect(page.getByText("Please sign in to like posts", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Back to Forum" }).click();
  await expect(page.getByRole("heading", { name: "Decksong Forum", exact: true })).toBeVisible();
});

test("markup typed by members is shown as text and never runs", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, "Mallory", "Markup");
  await gotoHydrated(page, "/community-forum");
  await chooseCommunity(page, "Bladeforge");
  const tag = unique();
  const title = `<img src=x onerror=alert('t${tag}')> ${tag}`;
  const content = `<script>alert('c${tag}')</script>\n<img src=x onerror="window.__xss=1;alert('i')">`;
  await createPost(page, title, "General Discussion", content);
  const card = page.getByTestId("forum-post-card").filter({ hasText: tag });
  await expect(card).toContainText(title);
  await card.getByRole("button").click();
  const detail = page.getByTestId("forum-post-detail");
  await expect(detail.getByRole("heading", { name: title })).toBeVisible();
  await expect(detail.getByText(`<script>alert('c${tag}')</script>`, { exact: true })).toBeVisible();
  await expect(detail.getByText(`<img src=x onerror="window.__xss=1;alert('i')">`)).toBeVisible();

  await page.getByLabel("Write a reply").fill(`<b>bold?</b><img src=y onerror=alert('r')>`);
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByTestId("forum-reply")).toContainText(`<b>bold?</b><img src=y onerror=alert('r')>`);

  expect(await page.locator("main img[src='x'], main img[src='y'], main script").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("authors edit and delete their own post and reply; other members cannot", async ({ page, browser }) => {
  await signIn(page, "Edna", "Author");
  await gotoHydrated(page, "/community-forum");
  await chooseCommunity(page, "Deckmaster");
  const title = `Edit me ${unique()}`;
  await createPost(page, title, "Strategy & Tactics", "Original text");
  await page.getByTestId("forum-post-card").filter({ hasText: title }).getByRole("button").click();
  const detail = page.getByTestId("forum-post-detail");
  await expect(detail.getByRole("heading", { name: title })).toBeVisible();
  const postUrl = page.url();

  await detail.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Content").fill("Edited text");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(detail.getByText("Edited text", { exact: true })).toBeVisible();

  await page.getByLabel("Write a reply").fill("My own reply");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByTestId("forum-reply")).toHaveText(/My own reply/);
  const reply = page.getByTestId("forum-reply").first();
  await reply.getByRole("button", { name: "Edit reply" }).click();
  await reply.getByLabel("Edit your reply").fill("My edited reply");
  await reply.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("forum-reply")).toHaveText(/My edited reply/);

  // Another member sees neither Edit nor Delete.
  const other = await newMemberPage(browser, "Otto");
  await other.page.goto(postUrl);
  await expect(other.page.getByTestId("forum-post-detail").getByText("Edited text", { exact: true })).toBeVisible();
  await expect(other.page.getByTestId("forum-reply")).toHaveText(/My edited reply/);
  await expect(other.page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(other.page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await other.context.close();

  await page.getByTestId("forum-reply").getByRole("button", { name: "Delete reply" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No replies yet. Be the first to respond!", { exact: true })).toBeVisible();

  await detail.getByRole("button", { name: "Delete post" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "Deckmaster Forum", exact: true })).toBeVisible();
  await expect(page.getByTestId("forum-post-card").filter({ hasText: title })).toHaveCount(0);
  await page.goto(postUrl);
  await expect(page.getByText("Post not found", { exact: true })).toBeVisible();
});

/** A member signed in through the dev sign-in in an API context of its own (its own cookies). */
async function apiMember(baseURL: string, firstName: string) {
  const context = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const email = `${firstName.toLowerCase()}-${unique()}@e2e.realmcast.gg`;
  const res = await context.post("/api/login/dev", { form: { firstName, lastName: "Filler", email }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  return context;
}

test("Load more fetches the next page, and changing the realm reloads the list", async ({ page, baseURL }) => {
  await signIn(page, "Paige", "Nator");
  // 21 posts through the API, from as many members as the per-member post limit needs.
  const tag = unique();
  const total = 21;
  const authors = await Promise.all(
    Array.from({ length: Math.ceil(total / RATE_LIMITS.forumPost.limit) }, (_, i) => apiMember(baseURL!, `Filler${i}`)),
  );
  for (let i = 0; i < total; i++) {
    const res = await authors[i % authors.length].post("/api/forum/posts", {
      data: { title: `Paged ${tag} #${i}`, category: "stream-tips", content: "Page filler", communityId: "pokestream-hub" },
    });
    expect(res.status()).toBe(201);
  }
  await Promise.all(authors.map((author) => author.dispose()));
  await gotoHydrated(page, "/community-forum");
  await chooseCommunity(page, "PokeStream Hub");
  await expect(page.getByRole("heading", { name: "PokeStream Hub Forum", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Streaming Tips", exact: true }).click();
  // The realm's newest 20 are this test's posts whatever the category, so wait for the filtered list itself:
  // a Load more pressed on the list still showing would be dropped when the filtered one arrives.
  await expect(page).toHaveURL(/category=stream-tips/);
  const cards = page.getByTestId("forum-post-card");
  await expect(cards).toHaveCount(20);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(20);
  await expect(cards.filter({ hasText: `Paged ${tag} #0` })).toHaveCount(1);

  await chooseCommunity(page, "Deckmaster");
  await expect(page.getByRole("heading", { name: "Deckmaster Forum", exact: true })).toBeVisible();
  await expect(cards.filter({ hasText: `Paged ${tag}` })).toHaveCount(0);
});

// The limit itself (and its message) is checked in test/rate-limits.test.ts; here, how the page shows the answer.
test("a member over the hourly post limit is told the limit and when to try again, and keeps what they typed", async ({ page }) => {
  await signIn(page, "Prolific", "Poster");
  // Use up the hour's posts through the API (same cookies as the page).
  for (let i = 0; i < RATE_LIMITS.forumPost.limit; i++) {
    await api(page, "POST", "/api/forum/posts", {
      title: `Quota ${unique()}`,
      category: "general",
      content: "Filler",
      communityId: "bladeforge",
    });
  }
  await gotoHydrated(page, "/community-forum");
  await chooseCommunity(page, "Bladeforge");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("One more thought");
  await dialog.getByLabel("Category").selectOption({ label: "General Discussion" });
  await dialog.getByLabel("Content").fill("It will have to wait.");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Failed to create post", { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(`^You can create at most ${RATE_LIMITS.forumPost.limit} forum posts an hour\\. Please try again in \\d+ minutes\\.$`),
    ),
  ).toBeVisible();
  // The dialog stays open with what was typed, so nothing is lost.
  await expect(dialog.getByLabel("Title")).toHaveValue("One more thought");
  await reviewShot(page, "forum-post-limit-1366");
});

test("a member searches the realm's posts without a reload; the filter, a post and Back keep the search (1366 and 390 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Quinn", "Seeker");
  const word = `js${unique()}`;
  const post = (title: string, category: string, content: string) =>
    api(page, "POST", "/api/forum/posts", { title, category, content, communityId: "duelcraft" });
  await post(`Combo line ${word}`, "deck-tech", "Two cards, one turn.");
  await post("Locals report", "general", `Someone mentioned ${word.toUpperCase()} in round three.`);
  await gotoHydrated(page, "/community-forum?realm=duelcraft");
  // A mark on the document: it is still there only if no search reloads the page.
  await page.evaluate(() => ((window as unknown as { stillHere?: boolean }).stillHere = true));

  const box = page.getByRole("searchbox", { name: "Search posts" });
  const cards = page.getByTestId("forum-post-card");
  await box.fill(word);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(cards).toHaveCount(2);
  await reviewShot(page, "forum-search-1366", { fullPage: true });

  // The category filter narrows the search; opening a post and going back keeps both.
  await page.getByRole("button", { name: "Deck Tech", exact: true }).click();
  await expect(page).toHaveURL(/category=deck-tech/);
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole("button").click();
  await expect(page.getByTestId("forum-post-detail").getByRole("heading", { name: `Combo line ${word}` })).toBeVisible();
  await page.getByRole("button", { name: "Back to Forum" }).click();
  await expect(page).toHaveURL(new RegExp(`category=deck-tech&q=${word}`));
  await expect(cards).toHaveCount(1);
  await expect(box).toHaveValue(word);

  // No match, then Clear.
  await page.getByRole("button", { name: "All Categories", exact: true }).click();
  // The filter is a navigation: a search sent before it lands keeps the category the URL still has.
  await expect(page).not.toHaveURL(/category=/);
  await box.fill(`${word} nowhere`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(`No posts match “${word} nowhere”`, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/community-forum\?realm=duelcraft$/);
  await expect(box).toHaveValue("");
  await expect(cards.first()).toContainText("Pinned");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await box.fill(word);
  await box.press("Enter");
  await expect(cards).toHaveCount(2);
  await expect(box).toBeInViewport();
  await expectNoSidewaysScroll(page, "a forum search at 390 px");
  await reviewShot(page, "forum-search-390", { fullPage: true });
});
