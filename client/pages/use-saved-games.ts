/**
 * A list of games kept in this browser (unfinished or finished), read once when the page shows it,
 * with removal: the home page's Resume and Finished lists share it.
 */
import { useEffect, useState } from 'react';
import { savedGamesStore, type KeyValueStore, type SavedLocalGame } from '../local/saved-games';

export interface SavedGamesList<T extends SavedLocalGame> {
  /** null until read (or when this browser keeps nothing). */
  games: T[] | null;
  /** The browser's storage could not be read or written. */
  failure: boolean;
  remove(id: string): Promise<void>;
}

export function useSavedGames<T extends SavedLocalGame>(
  read: (store: KeyValueStore<SavedLocalGame>) => Promise<T[]>,
): SavedGamesList<T> {
  const [games, setGames] = useState<T[] | null>(null);
  const [failure, setFailure] = useState(false);
  useEffect(() => {
    const store = savedGamesStore();
    if (!store) return;
    let live = true;
    read(store).then(
      (list) => live && setGames(list),
      () => live && setFailure(true),
    );
    return () => {
      live = false;
    };
    // `read` is a module's function (listSavedGames…): the list is read once, when the page shows it.
  }, [read]);
  const remove = async (id: string) => {
    const store = savedGamesStore();
    if (!store) return;
    try {
      await store.delete(id);
      setGames((list) => list?.filter((g) => g.id !== id) ?? null);
    } catch {
      setFailure(true);
    }
  };
  return { games, failure, remove };
}
