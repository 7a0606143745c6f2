/**
 * An image that loads when a tenth of it comes into view (IntersectionObserver, threshold
 * 0.1), with its box reserved so the page does not jump.
 */
import { useEffect, useRef, useState } from 'react'

export interface LazyImageProps {
  src: string
  alt: string
  width: number
  height: number
  className?: string
}

export function LazyImage({ src, alt, width, height, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null)
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (visible || !ref.current) return
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true)
          io.disconnect()
        }
      },
      { threshold: 0.1 },
    )
    io.observe(ref.current)
    return () => io.disconnect()
  }, [visible])
  return (
    <img
      ref={ref}
      src={visible ? src : undefined}
      data-src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      decoding="async"
    />
  )
}
