/** A role as people read it: the API's roles are lower case ('media relations', 'editor'). */
export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);
