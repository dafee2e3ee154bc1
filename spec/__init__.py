"""Machine-readable rules of the game families: cards, the parameter catalogue, profiles,
sources and claims, rulings, and their schema-checked loader (:mod:`trickrules.spec.loader`)."""
