// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// An ERC-1155 collection with an EIP-173 owner who mints singly or in batches; holders burn their own.
contract TestERC1155 is ERC1155, Ownable {
    string public name;
    string public symbol;

    constructor(string memory name_, string memory symbol_) ERC1155("") Ownable(msg.sender) {
        name = name_;
        symbol = symbol_;
    }

    function mint(address to, uint256 id, uint256 amount) external onlyOwner {
        _mint(to, id, amount, "");
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external onlyOwner {
        _mintBatch(to, ids, amounts, "");
    }

    function burn(address from, uint256 id, uint256 amount) external {
        require(from == _msgSender() || isApprovedForAll(from, _msgSender()), "not allowed");
        _burn(from, id, amount);
    }

    function burnBatch(address from, uint256[] calldata ids, uint256[] calldata amounts) external {
        require(from == _msgSender() || isApprovedForAll(from, _msgSender()), "not allowed");
        _burnBatch(from, ids, amounts);
    }
}
