// Structural types for the electron objects tests touch inside `electronApp.evaluate(...)`.
// Playwright types that callback's argument as `typeof import('electron')`, which is `any` here
// (the electron package cannot be installed), so nested callbacks need their parameters typed.

export interface ElectronEvent {
  preventDefault(): void;
}

export interface WindowShape {
  getTitle(): string;
  webContents: { getURL(): string };
}

export interface MenuItemShape {
  type: string;
  label: string;
  role?: string;
  accelerator?: string;
  submenu?: { items: MenuItemShape[] };
}

export interface CookieShape {
  name: string;
  value: string;
  domain: string;
  session: boolean;
}
