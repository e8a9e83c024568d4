/** The OpenGraph image of each page's item (src/server/og): its URL changes with what the card shows. */
import { creatorOgCard, ogImagePath, productOgCard, storyOgCard } from "../og/og-items.js";
import type { OgImages } from "./pages.js";

export const shareImages: OgImages = {
  story: (story) => ({ path: ogImagePath("story", story.id, storyOgCard(story)), alt: story.title }),
  creator: ({ creator }) => ({ path: ogImagePath("creator", creator.id, creatorOgCard(creator)), alt: creator.artist_name }),
  product: (product) => ({ path: ogImagePath("product", product.id, productOgCard(product)), alt: `${product.title}, ${product.price}` }),
};
