import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PRODUCT_CATEGORIES } from "../../../../common/products";
import { formatCents } from "../../../../common/money";
import { SIZES } from "../../../../common/sizes";
import { Button } from "../../../components/ui/button";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { useSiteForm } from "../../../hooks/use-site-form";
import { api, failureMessage, isApiError } from "../../../lib/api";
import { StockAdjust } from "./stock-adjust";
import { ProductImages } from "./product-images";
import { StoryPicker } from "./story-picker";
import { useProductAction, useProductPlace, type ProductAction, type StudioProduct } from "./studio-products-api";
import {
  EMPTY_PRODUCT,
  formFieldErrors,
  PRODUCT_FIELDS,
  productFormValues,
  productResolver,
  toDraft,
  toUpdate,
  type ProductFormValues,
} from "./product-form-values";

const CATEGORY_LABELS: Record<(typeof PRODUCT_CATEGORIES)[number], string> = {
  clothing: "Clothing (in sizes)",
  art: "Art",
  music: "Music",
  video: "Video",
  other: "Other",
};

const newResolver = productResolver(true);
const saveResolver = productResolver(false);

type Intent = "save" | "publish" | "unpublish" | "archive" | "duplicate";

/**
 * The studio's product form (issue 31): a new product's category, words, price, sizes with their
 * first stock (or one stock; an art edition's size), pictures, stories, drop time and limit per person; a
 * saved one is saved, published or scheduled, unpublished, archived or copied here, and its stock
 * is adjusted size by size below the form (a save never writes stock).
 */
export function ProductForm({ uid, product, onDone }: { uid: string; product: StudioProduct | null; onDone: (message: string) => void }) {
  const navigate = useNavigate();
  const action = useProductAction(uid);
  const place = useProductPlace();
  const [running, setRunning] = useState<Intent | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const form = useSiteForm<ProductFormValues>({
    resolver: product ? saveResolver : newResolver,
    defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT,
    serverFields: PRODUCT_FIELDS,
  });
  const { handleSubmit, field, formState, watch, setValue, clearErrors, register, showFieldErrors } = form;
  const { errors } = formState;
  const category = watch("category");
  const stories = useQuery({
    queryKey: ["stories", "studio-picker"],
    queryFn: ({ signal }) => api<{ items: { id: string; title: string }[] }>("/api/stories?limit=100", { signal }),
  });
  // The site's stories, and any the product names that are no longer on it (it keeps them until saved without).
  const storyChoices = [...(stories.data?.items ?? []), ...(product?.stories ?? []).filter((s) => !stories.data?.items.some((o) => o.id === s.id))];

  async function act(intent: Intent, request: ProductAction, message: (p: StudioProduct) => string) {
    setRunning(intent);
    setGeneral(null);
    try {
      // The route keys the form by the product's version: the saved product's values come with it.
      const saved = await action.mutateAsync(request);
      onDone(message(saved));
      if (!product || intent === "duplicate") await navigate(place.pagePath(saved.id));
    } catch (error) {
      if (isApiError(error) && error.fields) showFieldErrors(formFieldErrors(error.fields));
      else setGeneral(failureMessage(error, "That did not work. Please try again."));
    } finally {
      setRunning(null);
    }
  }

  const onSave = handleSubmit((values) =>
    product
      ? act("save", { kind: "update", id: product.id, update: toUpdate(values, product.version) }, (p) => `Saved “${p.title}”.`)
      : act("save", { kind: "create", draft: toDraft(values) }, (p) => `“${p.title}” is saved as a draft.`),
  );
  const busy = running !== null;
  const isDrop = Boolean(watch("drops_at"));

  return (
    <div className="flex flex-col gap-8">
      <form noValidate onSubmit={(e) => void onSave(e)} className="grid gap-5 rounded-lg border-[3px] border-ink bg-white p-5 shadow-hard sm:grid-cols-2 sm:p-7">
        <SelectField label="Category" required error={errors.category?.message} {...field("category")}>
          <option value="">Pick a category</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField label="Price (USD)" required inputMode="decimal" autoComplete="off" placeholder="32.00" error={errors.price?.message} {...field("price")} />
        <TextField label="Name" required autoComplete="off" className="sm:col-span-2" error={errors.title?.message} {...field("title")} />
        <TextAreaField label="Description" required rows={4} className="sm:col-span-2" error={errors.description?.message} {...field("description")} />
        <ProductImages
          images={watch("images")}
          onChange={(images) => {
            clearErrors("images");
            setValue("images", images, { shouldDirty: true });
          }}
          error={errors.images?.message ?? errors.images?.root?.message}
          disabled={busy}
          inputRef={(element) => register("images").ref(element)}
        />

        {category === "clothing" && (
          <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={errors.sizes ? "sizes-error" : undefined}>
            <legend className="mb-2 font-heavy">Sizes{product ? " on offer" : " and their first stock"}</legend>
            <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:grid-cols-3">
              {SIZES.map((size) => (
                <div key={size} className="flex items-center gap-2 rounded-md border-2 border-ink/30 p-2">
                  <label className="flex min-h-11 items-center gap-2 font-bold">
                    <input type="checkbox" className="size-5 accent-ink" {...field(`sizes.${size}.on`)} />
                    {size}
                  </label>
                  {!product && watch(`sizes.${size}.on`) && (
                    <label className="ml-auto flex items-center gap-1 text-sm">
                      <span>Stock</span>
                      <input type="number" min={0} inputMode="numeric" className="w-20 rounded-md border-2 border-ink px-2 py-1" aria-label={`Stock of ${size}`} {...field(`sizes.${size}.stock`)} />
                    </label>
                  )}
                  {product && watch(`sizes.${size}.on`) && (
                    <span className="ml-auto text-sm text-muted">{product.variants.find((v) => v.size === size)?.stock ?? 0} in stock</span>
                  )}
                </div>
              ))}
            </div>
            {errors.sizes && (
              <p id="sizes-error" className="text-sm font-bold text-danger">
                {errors.sizes.message ?? errors.sizes.root?.message}
              </p>
            )}
          </fieldset>
        )}
        {!product && category !== "clothing" && (
          <TextField label="Stock" required type="number" min={0} inputMode="numeric" error={errors.stock?.message} {...field("stock")} />
        )}
        {category === "art" && (
          <TextField
            label="Numbered edition"
            labelNote="(optional)"
            type="number"
            min={1}
            inputMode="numeric"
            hint={product ? "Set when the product was made." : "Edition of how many? Each unit sold gets the next number (7/25)."}
            disabled={Boolean(product)}
            error={errors.edition?.message}
            {...field("edition")}
          />
        )}
        <StoryPicker
          stories={storyChoices}
          chosen={watch("story_ids")}
          onChange={(ids) => setValue("story_ids", ids, { shouldDirty: true })}
          error={errors.story_ids?.message ?? errors.story_ids?.root?.message}
        />
        <TextField
          label="Drop time"
          labelNote="(optional)"
          type="datetime-local"
          hint="In your time zone. Empty: on sale as soon as it is published."
          error={errors.drops_at?.message}
          {...field("drops_at")}
        />
        <TextField label="Limit per person" labelNote="(optional)" type="number" min={1} inputMode="numeric" error={errors.limit?.message} {...field("limit")} />
        <label className="flex min-h-11 items-center gap-2 font-bold sm:col-span-2">
          <input type="checkbox" className="size-5 accent-ink" {...field("limited_edition")} />
          Show the ‘Limited Edition’ marker
        </label>

        {general && (
          <p role="alert" className="font-bold text-danger sm:col-span-2">
            {general}
          </p>
        )}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" aria-busy={running === "save" || undefined} disabled={busy}>
            {product ? "Save" : "Save draft"}
          </Button>
          {product && product.status !== "published" && (
            <Button
              type="button"
              variant="accent"
              disabled={busy || formState.isDirty}
              onClick={() =>
                void act("publish", { kind: "publish", id: product.id, version: product.version }, (p) =>
                  p.drops_at ? `“${p.title}” is scheduled.` : `“${p.title}” is on sale.`,
                )
              }
            >
              {isDrop ? "Schedule drop" : "Publish"}
            </Button>
          )}
          {product && product.status !== "draft" && (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void act("unpublish", { kind: "unpublish", id: product.id, version: product.version }, (p) => `“${p.title}” is a draft again.`)}>
              {product.status === "archived" ? "Restore as draft" : "Unpublish"}
            </Button>
          )}
          {product && product.status !== "archived" && (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void act("archive", { kind: "archive", id: product.id, version: product.version }, (p) => `“${p.title}” is archived.`)}>
              Archive
            </Button>
          )}
          {product && (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void act("duplicate", { kind: "duplicate", id: product.id }, (p) => `“${p.title}” is a new draft.`)}>
              Duplicate
            </Button>
          )}
        </div>
        {product && formState.isDirty && product.status !== "published" && <p className="text-sm text-muted sm:col-span-2">Save your changes before publishing.</p>}
      </form>

      {product && (
        <section aria-labelledby="stock-heading" className="flex flex-col gap-4 rounded-lg border-[3px] border-ink bg-white p-5 shadow-hard sm:p-7">
          <h2 id="stock-heading" className="font-heavy text-2xl">
            Stock
          </h2>
          <p className="text-muted">
            {product.stock} in stock in all, priced {formatCents(product.price_cents)}
            {product.edition_size !== null && ` · edition of ${product.edition_size}, ${product.editions_numbered} numbered so far`}
          </p>
          <StockAdjust uid={uid} product={product} onDone={onDone} />
        </section>
      )}
    </div>
  );
}
