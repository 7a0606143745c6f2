/**
 * An image the browser loads as it nears the viewport (native `loading="lazy"`), with its
 * box reserved so the page does not jump. `eager` for the ones the first screen shows (a
 * lobby's first rows of tiles): they load at once and at high priority, from the server's
 * render of the page on, and are decoded with the frame that shows them (`decoding="sync"`),
 * so the tiles paint in the order they arrive.
 */
export interface LazyImageProps {
  src: string
  alt: string
  width: number
  height: number
  className?: string
  eager?: boolean
}

export function LazyImage({ src, alt, width, height, className, eager = false }: LazyImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
    />
  )
}
