"""The games for game-AI frameworks (the ``ai`` extra): :mod:`.openspiel` registers them in
OpenSpiel, :mod:`.pettingzoo` makes PettingZoo environments. Neither is imported here."""
