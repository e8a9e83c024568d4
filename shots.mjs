import { chromium } from "@playwright/test";
const B = "http://localhost:4310";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [w, h] of [[1280, 860], [390, 844]]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h } });
  const p = await ctx.newPage();
  p.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(w, "console", m.type(), m.text()); });
  await p.goto(B + "/");
  const acct = { username: "Shopper", email: `s${Date.now()}@example.com`, phone: "+1 555 010 2000", password: "violet skies 77" };
  await p.request.post(B + "/api/auth/sign-up/email", { data: { ...acct, confirmPassword: acct.password }, headers: { origin: B } });
  const prods = (await (await p.request.get(B + "/api/products?kind=artifact")).json()).items;
  const stories = (await (await p.request.get(B + "/api/stories")).json()).items;
  for (const pr of prods.slice(0, 3)) await p.request.post(B + "/api/me/cart/items", { data: { product_id: pr.id }, headers: { origin: B } });
  await p.request.post(B + "/api/me/cart/items", { data: { product_id: prods[0].id }, headers: { origin: B } });
  for (const s of stories.slice(0, 2)) await p.request.put(B + `/api/me/favorites/story/${s.id}`, { headers: { origin: B } });
  await p.request.put(B + `/api/me/favorites/product/${prods[1].id}`, { headers: { origin: B } });
  const c = await (await p.request.get(B + "/api/favorites/items")).json();
  await p.goto(B + "/home");
  await p.waitForLoadState("networkidle");
  if (w < 768) { await p.getByRole("button", { name: "Open menu" }).click(); await p.getByRole("menuitem", { name: /Favorites/ }).click(); }
  else await p.getByRole("button", { name: /Open favorites/ }).click();
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/shots/fav-${w}.png` });
  await p.keyboard.press("Escape");
  if (w < 768) { await p.getByRole("button", { name: "Open menu" }).click(); await p.getByRole("menuitem", { name: /Cart/ }).click(); }
  else await p.getByRole("button", { name: /Open cart/ }).click();
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/shots/cart-${w}.png` });
  await p.getByRole("button", { name: "View Cart" }).click();
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/shots/dialog-${w}.png` });
  await p.getByRole("button", { name: "Checkout" }).click();
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/shots/checkout-${w}.png` });
  await p.keyboard.press("Escape");
  await p.goto(B + "/likes");
  await p.waitForLoadState("networkidle");
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/shots/likes-${w}.png`, fullPage: true });
  await ctx.close();
}
await b.close();
