import { clsx } from "clsx";
import type { ButtonHTMLAttributes, Ref } from "react";

export type ButtonVariant = "primary" | "secondary" | "accent" | "dark" | "success";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
}

const VARIANTS: Record<ButtonVariant, string> = {
  // Ink text on pink: white on #ff3d7f fails contrast.
  primary: "bg-pink text-ink hover:bg-[#ff5a92]",
  secondary: "bg-white text-ink hover:bg-yellow-soft",
  accent: "bg-yellow text-ink hover:bg-[#ffdb63]",
  dark: "bg-ink text-paper hover:bg-[#2a2a2a]",
  // A finished action: shown disabled but at full strength.
  success: "bg-teal text-ink",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-5 text-base",
  lg: "min-h-14 px-8 text-lg sm:text-xl",
};

/** Classes of the brand button, for <button> and for links that look like one. */
export function buttonClasses({ variant = "primary", size = "md", block = false }: ButtonStyle = {}, className?: string) {
  return clsx(
    "inline-flex items-center justify-center gap-2 rounded-md border-[3px] border-ink font-heavy tracking-[-0.01em] normal-case",
    "shadow-hard transition-[transform,box-shadow,background-color] duration-100 select-none",
    "hover:-translate-x-px hover:-translate-y-px hover:shadow-[5px_5px_0_0_#111111]",
    "active:translate-x-[3px] active:translate-y-[3px] active:shadow-none",
    "disabled:cursor-not-allowed disabled:hover:translate-0 disabled:hover:shadow-hard disabled:active:translate-0",
    // aria-disabled: a button that is busy for a moment and keeps the focus (a disabled one drops it to <body>).
    "aria-disabled:cursor-not-allowed aria-disabled:hover:translate-0 aria-disabled:hover:shadow-hard aria-disabled:active:translate-0",
    variant !== "success" && "disabled:opacity-70 aria-disabled:opacity-70",
    VARIANTS[variant],
    SIZES[size],
    block && "w-full",
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, block }, className)} {...props} />;
}
