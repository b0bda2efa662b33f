/** What the header's account button and its lazily loaded menu both take. */
export type AccountMenuProps = {
  signedIn: boolean;
  /** The database says this user is an admin: the menu also offers the Admin Dashboard. */
  isAdmin?: boolean;
  onNavigate: (href: string) => void;
  onSignOut: () => void;
};
