import type { QueryClient } from '@tanstack/react-query'
import { formatBDT } from '#schemas/bdt.ts'
import { categoryPath } from '#schemas/category-tree.ts'
import type { Tool } from '#schemas/tool.ts'
import type { ToolReview } from '#schemas/tool-review.ts'
import { categoryQueries } from '#web/features/categories/categories-queries.ts'
import { toolReviewQueries } from '#web/features/tool-reviews/tool-reviews-queries.ts'
import { inStock, TOOL_PHOTO_SIZES } from '#web/features/tools/tool-page.ts'
import { imagePreload } from '#web/lib/image-variants.ts'
import { absoluteUrl, breadcrumbs, publicPage, SHOP_NAME } from '#web/lib/page-head.ts'

// The tool page's head (service.$serviceId.tsx), beside it: it composes the tool, its category's
// path and its reviews, three features' queries. The `-` keeps the router from reading it as a route.

/**
 * A tool's page as a search engine or a link preview reads it: Product (price, BDT, availability,
 * category, specifications, the latest reviews) and where it sits (its category's path, parent
 * first), from what the page's loader put in the Query cache. Loaded with the page's own code:
 * the route's `head` stays in the app's entry, these queries (and their schemas) do not.
 */
export function toolHead(tool: Tool, origin: string, queryClient: QueryClient) {
  const categories = categoryPath(queryClient.getQueryData(categoryQueries.list().queryKey) ?? [], tool.categoryId)
  const reviews: ToolReview[] =
    queryClient.getQueryData(toolReviewQueries.list(tool._id).queryKey)?.pages[0]?.items ?? []
  const path = `/service/${encodeURIComponent(tool._id)}`
  const price = formatBDT(tool.price)
  return publicPage({
    origin,
    path,
    title: `${tool.name} · Toolhaus`,
    description: `${tool.name}: ${price} per unit, minimum order ${tool.Minimum_quantity}. ${tool.description}`.slice(
      0,
      300,
    ),
    image: tool.img,
    type: 'product',
    preload: imagePreload(tool.img, TOOL_PHOTO_SIZES),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: tool.name,
        description: tool.description,
        // Every photo of the gallery, the main one first.
        image: tool.images.map((src) => absoluteUrl(origin, src)),
        sku: tool._id,
        brand: { '@type': 'Brand', name: SHOP_NAME },
        ...(categories.length ? { category: categories.map((c) => c.name).join(' > ') } : {}),
        ...(tool.specs.length
          ? {
              additionalProperty: tool.specs.map((spec) => ({
                '@type': 'PropertyValue',
                name: spec.name,
                value: spec.value,
              })),
            }
          : {}),
        ...reviewsJsonLd(tool, reviews),
        offers: {
          '@type': 'Offer',
          url: absoluteUrl(origin, path),
          price: tool.price.toFixed(2),
          priceCurrency: 'BDT',
          availability: inStock(tool) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.Minimum_quantity },
          // Volume prices (api.md "Wholesale"): each tier's unit price from its quantity on.
          ...(tool.priceTiers.length
            ? {
                priceSpecification: tool.priceTiers.map((tier) => ({
                  '@type': 'UnitPriceSpecification',
                  price: tier.price.toFixed(2),
                  priceCurrency: 'BDT',
                  eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tier.minQuantity },
                })),
              }
            : {}),
        },
      },
      breadcrumbs(origin, [
        ['Service', '/service'],
        ...categories.map((c): [string, string] => [c.name, `/service?category=${c.slug}`]),
        [tool.name, path],
      ]),
    ],
  })
}

/** How many of the latest reviews the Product data carries. */
const JSON_LD_REVIEWS = 5

/** Product data of the buyers' reviews: `aggregateRating` and the latest reviews; nothing without reviews. */
function reviewsJsonLd(tool: Tool, reviews: ToolReview[]) {
  if (tool.rating.count === 0 || tool.rating.average === null) return {}
  const scale = { bestRating: 5, worstRating: 1 }
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: tool.rating.average,
      reviewCount: tool.rating.count,
      ...scale,
    },
    review: reviews.slice(0, JSON_LD_REVIEWS).map((review) => ({
      '@type': 'Review',
      ...(review.title ? { name: review.title } : {}),
      reviewBody: review.body,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...scale },
      author: { '@type': 'Person', name: review.name },
      datePublished: new Date(review.createdAt).toISOString().slice(0, 10),
    })),
  }
}
