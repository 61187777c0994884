import { expect, test } from "@playwright/test";
import { WEB_PORT } from "./ports.ts";
import { GROCERY } from "./support.ts";

const RIVERSIDE = `http://grocery2.localhost:${WEB_PORT}`;

test.describe("branch picker (LOCATION_BASED_SHOP)", () => {
  test("a postcode typed before scripts run sends the shopper to the branch serving it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${GROCERY}/`);
    // Before scripts the header's map pin is a plain link to the picker's page.
    await expect(page.locator("[data-open-branches]")).toHaveAttribute("href", "/branches");
    await page.goto(`${GROCERY}/branches`);
    // No script, no location button: the postcode form is the way.
    await expect(page.locator("[data-branch-use-location]")).toHaveCount(0);
    await page.getByLabel("Your postcode").fill("10025");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(`${RIVERSIDE}/`);

    // A postcode no branch serves keeps the shopper on the list, told so.
    await page.goto(`${RIVERSIDE}/branches?postcode=99999`);
    await expect(page.locator("[data-branch-problem]")).toHaveAttribute(
      "data-branch-problem",
      "postcode-unserved",
    );
    await expect(page.locator("[data-branch]")).toHaveCount(2);
    await context.close();
  });
});
