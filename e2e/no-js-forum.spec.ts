import { expect, test } from "./fixtures";
import { api, expectNoSidewaysScroll, reviewShot, signIn } from "./helpers";

// Forum post and reply work without JavaScript (issue 13): New Post leads to the form as a page of its own, every
// form posts to the route's action, and the answers come back as redirects with a toast, or errors beside the fields.
test.use({ javaScriptEnabled: false });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test("forum: open a realm's forum, write a post, open it and reply, without JavaScript; the pages fit a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Nojs", "Noscript");
  await page.goto("/community-forum?realm=scry-gather");
  await expect(page.getByRole("heading", { name: "Scry & Gather Forum", exact: true })).toBeVisible();
  await expect(page.getByTestId("forum-post-card").first()).toBeVisible();

  // New Post is a link to the form as a page; a blank post comes back with the reasons beside the fields.
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page).toHaveURL(/compose=1/);
  await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Choose a category", { exact: true })).toBeVisible();
  await expect(page.getByText("Content is required", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  const title = `Written without scripts ${unique()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption({ label: "Deck Tech" });
  await page.getByLabel("Content").fill("First line\nSecond line");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/community-forum\?realm=scry-gather$/);
  await expect(page.getByText("Post created successfully!", { exact: true })).toBeVisible();
  const card = page.getByTestId("forum-post-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  await reviewShot(page, "no-js-forum-list-1366", { fullPage: true });

  // The card opens the post (a GET form); a blank reply is refused beside the box.
  await card.getByRole("button").click();
  await expect(page).toHaveURL(/post=/);
  const detail = page.getByTestId("forum-post-detail");
  await expect(detail.getByRole("heading", { name: title })).toBeVisible();
  await expect(detail.locator("p", { hasText: "Second line" })).toHaveCount(1);
  await expect(page.getByText("No replies yet. Be the first to respond!", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Please enter a reply", { exact: true })).toBeVisible();

  await page.getByLabel("Write a reply").fill("Replied with scripts off.");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Reply posted successfully!", { exact: true })).toBeVisible();
  await expect(page.getByTestId("forum-reply")).toContainText("Replied with scripts off.");
  await expect(page.getByLabel("Write a reply")).toHaveValue("");
  await expect(detail.getByLabel("1 reply", { exact: true })).toBeVisible();

  // Liking is a form too.
  await page.getByTestId("like-button").click();
  await expect(page.getByTestId("like-button")).toHaveText(/Liked \(1\)/);
  await reviewShot(page, "no-js-forum-post-1366", { fullPage: true });

  // Back to the same realm's list, where the post shows its reply and like.
  await page.getByRole("button", { name: "Back to Forum" }).click();
  await expect(page).toHaveURL(/\/community-forum\?realm=scry-gather$/);
  await expect(card.getByLabel("1 reply", { exact: true })).toBeVisible();
  await expect(card.getByLabel("1 like", { exact: true })).toBeVisible();

  // The category filter is a form as well.
  await page.getByRole("button", { name: "Deck Tech", exact: true }).click();
  await expect(page).toHaveURL(/category=deck-tech/);
  await expect(page.getByRole("button", { name: "Deck Tech", exact: true })).toHaveAttribute("aria-pressed", "true");
  for (const badge of await page.getByTestId("category-badge").allTextContents()) expect(badge).toBe("Deck Tech");
  await expect(card).toBeVisible();

  // At phone width the list and the post stay inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "the forum list at 390 px");
  await card.getByRole("button").click();
  await expect(page.getByTestId("forum-post-detail")).toBeVisible();
  await expectNoSidewaysScroll(page, "a forum post at 390 px");
  await reviewShot(page, "no-js-forum-post-390", { fullPage: true });
});

test("forum without JavaScript: with no realm chosen the realms are links, and the search box finds posts (1366 and 390 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "Seeker", "Noscript");
  const word = `nojs${unique()}`;
  await api(page, "POST", "/api/forum/posts", {
    title: `Searchable ${word}`,
    category: "strategy",
    content: "Found without scripts",
    communityId: "decksong",
  });

  // No realm yet: the header's selector needs scripts, so the page lists the realms itself.
  await page.goto("/community-forum");
  await expect(page.getByText("Please select a community from the navigation to view its forum.", { exact: true })).toBeVisible();
  const realms = page.getByRole("navigation", { name: "Realms" });
  await expect(realms.getByRole("link")).toHaveCount(6);
  await reviewShot(page, "no-js-forum-no-realm-1366");
  await realms.getByRole("link", { name: "Decksong", exact: true }).click();
  await expect(page).toHaveURL(/\/community-forum\?realm=decksong$/);
  await expect(page.getByRole("heading", { name: "Decksong Forum", exact: true })).toBeVisible();

  // The search is a GET form: the loader renders the results.
  const box = page.getByRole("searchbox", { name: "Search posts" });
  await box.fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`realm=decksong&q=${word}$`));
  await expect(page.getByTestId("forum-post-card")).toHaveCount(1);
  await expect(page.getByTestId("forum-post-card")).toContainText(`Searchable ${word}`);
  await expect(box).toHaveValue(word);
  await reviewShot(page, "no-js-forum-search-1366", { fullPage: true });

  await box.fill(`${word}x`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText(`No posts match “${word}x”`, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Clear", exact: true }).click();
  await expect(page).toHaveURL(/\/community-forum\?realm=decksong$/);
  await expect(box).toHaveValue("");

  // At phone width: the search and the realm links fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await box.fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("forum-post-card")).toHaveCount(1);
  await expect(box).toBeInViewport();
  await expectNoSidewaysScroll(page, "a forum search at 390 px");
  await reviewShot(page, "no-js-forum-search-390", { fullPage: true });
  await page.goto("/community-forum");
  await expect(realms.getByRole("link", { name: "Deckmaster", exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, "the forum without a realm at 390 px");
  await reviewShot(page, "no-js-forum-no-realm-390");
});
