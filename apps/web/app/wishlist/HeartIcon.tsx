import { SpriteIcon } from "../platform/ui/icon-sprite.tsx";

/** The wishlist heart, from the page's icon sprite; filled when the product is saved. */
export function HeartIcon({ filled = false, className }: { filled?: boolean; className?: string | null }) {
  return <SpriteIcon name={filled ? "heart-filled" : "heart"} className={className} />;
}
