// Issue 19 "keyboard paths": helpers that reach controls with Tab alone and act with the keys a
// keyboard user has (Space, Enter, arrows, typing); no click, no fill, no selectOption.
import { expect, type Locator, type Page } from "@playwright/test";

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus; fails when it is not reachable in `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`not reachable with Tab: ${target}`);
}

/** Tabs to a control and presses a key on it. */
export async function press(page: Page, target: Locator, key: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tabs to a closed <select> and moves with the arrow keys until it shows `value`. */
export async function chooseWithArrows(page: Page, select: Locator, value: string, max = 40): Promise<void> {
  await tabTo(page, select);
  for (let i = 0; i < max && (await select.inputValue()) !== value; i++) await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue(value);
}

/** Tabs into a radio group (one Tab stop) and moves with the arrow keys until `value` is checked. */
export async function chooseRadio(page: Page, name: string, value: string, max = 400): Promise<void> {
  const target = page.locator(`input[type=radio][name="${name}"][value="${value}"]`);
  await expect(target).toBeAttached();
  let inGroup = false;
  for (let i = 0; i < 150 && !inGroup; i++) {
    await page.keyboard.press("Tab");
    inGroup = await page.evaluate((n) => (document.activeElement as HTMLInputElement | null)?.name === n && (document.activeElement as HTMLInputElement).type === "radio", name);
  }
  if (!inGroup) throw new Error(`radio group ${name} not reachable with Tab`);
  for (let i = 0; i < max && !(await target.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(target).toBeChecked();
}

/**
 * Tabs to a closed <select> and types the start of an option's text (the browser's type-ahead),
 * one change for a select that submits on change, where each arrow press would submit.
 */
export async function chooseByTyping(page: Page, select: Locator, text: string, value: string): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.type(text);
  await expect(select).toHaveValue(value);
}
