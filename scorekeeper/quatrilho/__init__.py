"""Quatrilho (CBQI regulation): the chip ledger of one table for one round."""
